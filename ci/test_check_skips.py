#!/usr/bin/env python3
"""check_skips.py on a log in the shape swift-corelibs-xctest and Swift Testing write."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LOG = """Test Case 'A.testRuns' started at 2026-12-07 00:00:00.000
Test Case 'A.testRuns' passed (0.001 seconds)
Test Case 'B.testNeedsChromium' started at 2026-12-07 00:00:00.000
/w/Tests/B.swift:12: B.testNeedsChromium : Test skipped - chromium is not installed
Test Case 'B.testNeedsChromium' skipped (0.001 seconds)
/w/Tests/C.swift:9: C.testOnMac : Test skipped: required true value but got false - needs macOS
Test Case 'C.testOnMac' skipped (0.001 seconds)
\u25c7 Test plain() started.
\u2714 Test plain() passed after 0.001 seconds.
"""


def run(log, expected):
    with tempfile.TemporaryDirectory() as folder:
        log_path = os.path.join(folder, "test.log")
        expected_path = os.path.join(folder, "expected.txt")
        open(log_path, "w").write(log)
        open(expected_path, "w").write(expected)
        result = subprocess.run(
            [sys.executable, os.path.join(HERE, "check_skips.py"), log_path, "--expected", expected_path],
            capture_output=True, text=True)
        return result.returncode, result.stdout


def main():
    status, output = run(LOG, "")
    assert status == 1, output
    assert "2 tests skipped, 2 unexpected" in output, output
    assert "UNEXPECTED B.testNeedsChromium: chromium is not installed (/w/Tests/B.swift:12)" in output, output
    assert "UNEXPECTED C.testOnMac: required true value but got false - needs macOS" in output, output
    status, output = run(LOG, "C.testOnMac  # Linux has no macOS\n")
    assert status == 1 and "1 unexpected" in output, output
    status, output = run(LOG, "C.testOnMac  # Linux\nB.testNeedsChromium  # none\n")
    assert status == 0 and "expected   B.testNeedsChromium" in output, output
    status, output = run(LOG.replace("skipped", "passed"), "")
    assert status == 0 and "0 tests skipped" in output, output
    print("test_check_skips: ok")


if __name__ == "__main__":
    main()
