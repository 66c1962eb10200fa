#!/usr/bin/env python3
"""Checks covgate's figures against the toolchain's own llvm-cov on a package covgate ran on.

Usage: compare_with_llvm_cov.py PACKAGE_DIR COVGATE_OUTPUT_DIR

Reads covgate.json and coverage.lcov from the output folder, finds the profile and test binary
of the run, and compares, on exactly the files covgate kept:
  - the totals of regions, functions and lines with `llvm-cov report`;
  - every line of the line view with the DA lines of `llvm-cov export -format=lcov`.
Prints one line per check and exits 1 on any difference.
"""
import json
import os
import shutil
import subprocess
import sys


def toolchain_bin():
    swift = shutil.which("swift")
    if not swift:
        sys.exit("no swift on PATH")
    return os.path.dirname(os.path.realpath(swift))


def find_run(package):
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=package, capture_output=True, text=True, check=True
    ).stdout.strip().splitlines()[-1]
    codecov = os.path.join(bin_path, "codecov")
    profiles = [os.path.join(codecov, p) for p in ("covgate.profdata", "default.profdata")]
    profiles = [p for p in profiles if os.path.exists(p)]
    profile = max(profiles, key=os.path.getmtime)
    binaries = sorted(os.path.join(bin_path, b) for b in os.listdir(bin_path) if b.endswith(".xctest"))
    return profile, binaries


def llvm_args(profile, binaries):
    args = ["-instr-profile=" + profile, binaries[0]]
    for extra in binaries[1:]:
        args += ["-object", extra]
    return args


def report_rows(llvm_cov, profile, binaries, sources):
    out = subprocess.run(
        [llvm_cov, "report", "-show-functions=false"] + llvm_args(profile, binaries) + sources,
        capture_output=True, text=True, check=True,
    ).stdout
    rows = {}
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 13 and fields[1].isdigit():
            rows[fields[0]] = {
                "regions": (int(fields[1]), int(fields[2])),
                "functions": (int(fields[4]), int(fields[5])),
                "lines": (int(fields[7]), int(fields[8])),
            }
    return rows


def lcov_lines(text):
    files, current = {}, None
    for line in text.splitlines():
        if line.startswith("SF:"):
            current = line[3:]
            files[current] = {}
        elif line.startswith("DA:") and current is not None:
            number, count = line[3:].split(",")[:2]
            files[current][int(number)] = min(float(count), 9.2e18) > 0 if "e" in count else int(count)
    return files


def main():
    package, output = os.path.realpath(sys.argv[1]), sys.argv[2]
    report = json.load(open(os.path.join(output, "covgate.json")))
    llvm_cov = os.path.join(toolchain_bin(), "llvm-cov")
    profile, binaries = find_run(package)
    sources = [os.path.join(package, f["path"]) for f in report["files"]]
    failures = 0

    rows = report_rows(llvm_cov, profile, binaries, sources)
    total = rows.get("TOTAL")
    if total is None and len(sources) == 1:
        total = next(iter(rows.values()))
    for metric in ("regions", "functions", "lines"):
        ours = report["totals"][metric]
        theirs = (total[metric][0], total[metric][0] - total[metric][1])
        ok = (ours["count"], ours["covered"]) == theirs
        failures += not ok
        print(f"{'ok  ' if ok else 'DIFF'} total {metric}: covgate {ours['covered']}/{ours['count']}, llvm-cov report {theirs[1]}/{theirs[0]}")

    lcov = subprocess.run(
        [llvm_cov, "export", "-format=lcov"] + llvm_args(profile, binaries) + sources,
        capture_output=True, text=True, check=True,
    ).stdout
    theirs = lcov_lines(lcov)
    ours = lcov_lines(open(os.path.join(output, "coverage.lcov")).read())
    compared = 0
    for relative, lines in ours.items():
        expected = theirs.get(os.path.join(package, relative), {})
        for number in set(lines) | set(expected):
            a, b = lines.get(number), expected.get(number)
            same = a == b or (a is not None and b is not None and bool(a) == bool(b) and max(a, b) > 2**62)
            if not same:
                failures += 1
                if failures < 20:
                    print(f"DIFF {relative}:{number}: covgate {a}, llvm-cov {b}")
        compared += len(expected)
    print(f"{'ok  ' if failures == 0 else 'DIFF'} line view: {compared} lines in {len(ours)} files compared with llvm-cov export -format=lcov")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
