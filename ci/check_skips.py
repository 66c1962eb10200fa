#!/usr/bin/env python3
"""Lists the tests a run skipped, with their reasons, and fails when one skipped for a reason
CI's machine should not have: every skip is unexpected unless `ci/expected-skips.txt` names its
test with why it may skip there (a tool this machine cannot have, a platform it is not).

Usage: check_skips.py TEST_LOG [--expected FILE]
TEST_LOG is `swift test`'s output. XCTest writes a skip as
`PATH:LINE: Class.test : Test skipped[: condition][ - reason]` (swift-corelibs-xctest's
PrintObserver); Swift Testing as `... Test name() skipped[: "reason"]`.
"""
import os
import re
import sys

XCTEST = re.compile(r"^(?P<place>\S+:\d+): (?P<test>\S+) : Test skipped(?P<reason>.*)$")
SWIFT_TESTING = re.compile(r"Test (?P<test>.+?) skipped(?P<reason>.*)$")


def skips(lines):
    """(test, place, reason) for each skip in the log, in order, each test once."""
    found = {}
    for line in lines:
        line = line.rstrip("\n")
        match = XCTEST.match(line)
        if match:
            reason = match["reason"].lstrip(":").strip().removeprefix("- ").strip()
            found.setdefault(match["test"], (match["place"], reason or "no reason given"))
            continue
        match = SWIFT_TESTING.search(line)
        if match and not line.startswith("Test Case '"):
            reason = match["reason"].lstrip(":").strip().strip('"')
            found.setdefault(match["test"], ("", reason or "no reason given"))
    return [(test, place, reason) for test, (place, reason) in found.items()]


def expected(path):
    """Test name to why it may skip on CI: `TEST  # why` lines; blank and # lines ignored."""
    allowed = {}
    if not os.path.exists(path):
        return allowed
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        test, _, why = line.partition("#")
        allowed[test.strip()] = why.strip()
    return allowed


def main():
    args = sys.argv[1:]
    expected_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected-skips.txt")
    if "--expected" in args:
        at = args.index("--expected")
        expected_path = args[at + 1]
        del args[at:at + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    with open(args[0], encoding="utf-8", errors="replace") as log:
        found = skips(log)
    allowed = expected(expected_path)
    unexpected = [skip for skip in found if skip[0] not in allowed]
    print(f"check_skips: {len(found)} tests skipped, {len(unexpected)} unexpected on this machine")
    for test, place, reason in found:
        mark = "UNEXPECTED" if test not in allowed else "expected  "
        print(f"  {mark} {test}: {reason}" + (f" ({place})" if place else ""))
    sys.exit(1 if unexpected else 0)


if __name__ == "__main__":
    main()
