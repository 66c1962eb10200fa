#!/usr/bin/env python3
"""`covgate affected` checked by mutation on real packages (make verify-affected).

For each package: one `covgate run --per-test` writes the test map; then for each of N executed
lines of its sources (a condition negated, a comparison turned, a number changed), the line is
broken in the work tree, `covgate affected --base HEAD` picks the tests, and whenever the full
suite fails, the picked tests must fail too. Every miss is a bug, not a statistic.
Usage: ci/verify-affected.py [OWNER/NAME@VERSION ...]   (env: MUTATIONS per package, default 30)
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COVGATE = os.path.join(ROOT, ".build", "release", "covgate")
WORK = os.path.join(ROOT, ".build", "verify-affected")
MIRROR = os.environ.get("SWIFT_PACKAGE_MIRROR", "/opt/swift-packages")
PER_PACKAGE = int(os.environ.get("MUTATIONS", "30"))
PACKAGES = sys.argv[1:] or ["jpsim/Yams@6.2.2", "apple/swift-algorithms@1.2.1"]

# (pattern, replacement): the first that matches a line breaks it.
OPERATORS = [
    (r"==", "!="), (r"!=", "=="), (r"<=", ">"), (r">=", "<"), (r"(?<![<>=!-])<(?![<=])", ">="),
    (r"(?<![-<>=])>(?![>=])", "<="), (r"\btrue\b", "false"), (r"\bfalse\b", "true"),
    (r"&&", "||"), (r"\|\|", "&&"), (r"(?<![\w.])([1-9]\d*)(?![\w.])", lambda m: str(int(m.group(1)) + 1)),
    (r"\+ 1\b", "+ 2"), (r"- 1\b", "- 2"),
]


def run(args, cwd, check=False):
    result = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if check and result.returncode != 0:
        sys.exit(f"verify-affected: {' '.join(args)} failed ({result.returncode}): {result.stderr[-1500:]}")
    return result


def executed_lines(path):
    """(file, line) of executed lines of kept files, from covgate's LCOV."""
    lines, current = [], None
    for text in open(os.path.join(path, ".build", "covgate", "coverage.lcov")):
        if text.startswith("SF:"):
            current = text[3:].strip()
        elif text.startswith("DA:") and current:
            number, count = text[3:].split(",")[:2]
            if int(count) > 0:
                lines.append((current, int(number)))
    return lines


def mutate(source):
    stripped = source.strip()
    if not stripped or stripped.startswith(("//", "import", "#", "@", "case ", "default")) or '"' in stripped:
        return None
    for pattern, replacement in OPERATORS:
        mutated = re.sub(pattern, replacement, source, count=1)
        if mutated != source:
            return mutated
    return None


def verify(spec):
    repo, version = spec.split("@")
    path = os.path.join(WORK, f"{os.path.basename(repo)}-{version}")
    if not os.path.isdir(path):
        os.makedirs(WORK, exist_ok=True)
        run(["git", "clone", "--quiet", "--branch", version, f"{MIRROR}/{repo}.git", path], ROOT, check=True)
    run(["git", "checkout", "--quiet", "--", "."], path)
    print(f"== {repo} {version}: per-test run", flush=True)
    mapped = run([COVGATE, "run", "--per-test", "--format", "lcov", "--format", "json", "--no-history", "--quiet"], path)
    if mapped.returncode > 1:
        sys.exit(f"verify-affected: the per-test run of {repo} failed: {mapped.stderr[-1500:]}")
    total = len(json.load(open(os.path.join(path, ".build", "covgate", "covgate-test-map.json")))["tests"])
    candidates = []
    for file, number in executed_lines(path):
        lines = open(os.path.join(path, file)).read().split("\n")
        mutated = mutate(lines[number - 1])
        if mutated:
            candidates.append((file, number, mutated))
    step = max(1, len(candidates) // PER_PACKAGE)
    chosen = candidates[::step][:PER_PACKAGE]
    caught_full = caught_selected = missed = 0
    selected_counts = []
    for file, number, mutated in chosen:
        full_path = os.path.join(path, file)
        original = open(full_path).read()
        lines = original.split("\n")
        lines[number - 1] = mutated
        open(full_path, "w").write("\n".join(lines))
        try:
            listing = run([COVGATE, "affected", "--base", "HEAD", "--format", "list"], path)
            selected = [line for line in listing.stdout.split("\n") if line]
            selected_counts.append(len(selected))
            selection = run([COVGATE, "affected", "--base", "HEAD"], path).stdout.strip()
            if run(["swift", "test"], path).returncode != 0:
                caught_full += 1
                if run(["swift", "test", "--filter", selection], path).returncode != 0:
                    caught_selected += 1
                else:
                    missed += 1
                    print(f"  MISSED {file}:{number}: {mutated.strip()} (selected {len(selected)})", flush=True)
        finally:
            open(full_path, "w").write(original)
    average = sum(selected_counts) / max(1, len(selected_counts))
    print(f"  {len(chosen)} mutations: the full suite caught {caught_full}, the selected tests {caught_selected}"
          f" ({missed} missed); {average:.1f} of {total} tests selected on average", flush=True)
    return missed


def main():
    if not os.path.exists(COVGATE):
        sys.exit("verify-affected: build covgate first (make verify-affected does)")
    missed = sum(verify(spec) for spec in PACKAGES)
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
