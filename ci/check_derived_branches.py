#!/usr/bin/env python3
"""Checks covgate's derived branches on a package it ran on, from the reports alone.

Usage: check_derived_branches.py [--allow-contradicted] [--max-left-out PERCENT]
                                 COVGATE_OUTPUT_DIR [PACKAGE_DIR]

Reads covgate.json and coverage.lcov and checks, for every decision:
  - counts are whole numbers >= 0, and there are at least two outcomes;
  - the outcomes of an if chain, a switch, a guard, a ?:, a do-catch and of &&, || and ??
    add up to at most how often the decision was reached (less only where a throw can leave
    it); a for-in or while is left at most once per reach; a repeat-while's body ran once per
    reach plus once per repeat;
  - a decision on a line that never ran (llvm-cov's line count 0) was never reached and has
    no outcome taken;
  - no decision was contradicted by a second region, and each one left out says why;
  - the file's branch metric is its outcomes, covered when taken; the totals add up;
  - LCOV's BRF/BRH equal the JSON's.
With PACKAGE_DIR, also against the regions of `llvm-cov export` on the run's profile (counts
added up within a function, as for instantiations):
  - `reached` is the count of a region that holds the decision;
  - every outcome with code of its own (an arm, a case, a catch, a body, a right side) is the
    count of a region that starts on its line.
Prints the share of decisions that were derivable; exits 1 on any violation.
--max-left-out PERCENT fails when more than PERCENT of the decisions with data are not derivable
(real packages: the goal is 5).
--allow-contradicted prints contradicted decisions without failing: for a package whose own
threads still run when its test processes write their profiles (covgate's own end-to-end tests
start covgate processes), where the witness check is right to find counts that do not agree.
"""
import json
import os
import subprocess
import sys

SUMS_TO_REACHED = {"if", "switch", "guard", "?:", "do-catch", "&&", "||", "??"}
# Outcomes without code of their own: derived from the reach or from the region after.
IMPLICIT = {"none", "pass", "no error", "uncaught", "exit", "again", "short"}


def export_regions(package):
    """Per source path, a list of (start, end, count) code regions, identical ranges of one
    function added up, from llvm-cov export on the run's profile."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from compare_with_llvm_cov import find_run, llvm_args, toolchain_bin

    profile, binaries = find_run(package)
    out = subprocess.run(
        [os.path.join(toolchain_bin(), "llvm-cov"), "export", "-skip-expansions"]
        + llvm_args(profile, binaries),
        capture_output=True, text=True, check=True,
    ).stdout
    root = os.path.realpath(package) + "/"
    sums = {}
    for function in json.loads(out)["data"][0]["functions"]:
        for region in function["regions"]:
            line_start, col_start, line_end, col_end, count, file_id, _, kind = region[:8]
            if kind != 0:
                continue
            path = os.path.realpath(function["filenames"][file_id])
            if not path.startswith(root):
                continue
            key = (path[len(root):], (line_start, col_start), (line_end, col_end), function["name"])
            sums[key] = sums.get(key, 0) + count
    regions = {}
    for (path, start, end, _), count in sums.items():
        regions.setdefault(path, []).append((start, end, count))
    return regions


def region_problems(where, decision, regions):
    """What the regions do not witness of one decision."""
    location = (decision["line"], decision["column"])
    holding = {count for start, end, count in regions if start <= location < end}
    problems = []
    if decision["reached"] not in holding:
        problems.append(f"{where}: reached {decision['reached']} is no region holding it {sorted(holding)}")
    for outcome in decision["outcomes"]:
        if outcome["label"] in IMPLICIT:
            continue
        starting = {count for start, end, count in regions if start[0] == outcome["line"]}
        if outcome["count"] not in starting:
            problems.append(
                f"{where}: {outcome['label']} {outcome['count']} is no region starting on line "
                f"{outcome['line']} {sorted(starting)}")
    return problems


def line_counts(lcov_path):
    counts, brf, brh, path = {}, 0, 0, None
    for line in open(lcov_path):
        line = line.strip()
        if line.startswith("SF:"):
            path = line[3:]
            counts[path] = {}
        elif line.startswith("DA:"):
            number, count = line[3:].split(",")[:2]
            counts[path][int(number)] = int(count)
        elif line.startswith("BRF:"):
            brf += int(line[4:])
        elif line.startswith("BRH:"):
            brh += int(line[4:])
    return counts, brf, brh


def main():
    arguments = sys.argv[1:]
    allow_contradicted = "--allow-contradicted" in arguments
    arguments = [a for a in arguments if a != "--allow-contradicted"]
    max_left_out = None
    if "--max-left-out" in arguments:
        at = arguments.index("--max-left-out")
        max_left_out = float(arguments[at + 1])
        del arguments[at:at + 2]
    out = arguments[0]
    report = json.load(open(os.path.join(out, "covgate.json")))
    regions = export_regions(arguments[1]) if len(arguments) > 1 else None
    lines, brf, brh = line_counts(os.path.join(out, "coverage.lcov"))
    problems, notes, decisions, left_out, contradicted = [], [], 0, 0, 0
    total = [0, 0]
    for file in report["files"]:
        branches = file.get("branches")
        if branches is None:
            problems.append(f"{file['path']}: no derived branches")
            continue
        covered = count = 0
        for d in branches["decisions"]:
            decisions += 1
            where = f"{file['path']}:{d['line']}:{d['column']} {d['kind']}"
            outcomes = [o["count"] for o in d["outcomes"]]
            reached = d["reached"]
            if len(outcomes) < 2 or min(outcomes + [reached]) < 0:
                problems.append(f"{where}: outcomes {outcomes}, reached {reached}")
            kind = d["kind"]
            if kind in SUMS_TO_REACHED and sum(outcomes) > reached:
                problems.append(f"{where}: outcomes {outcomes} add up to more than reached {reached}")
            if kind in ("for-in", "while") and outcomes[-1] > reached:
                problems.append(f"{where}: exit {outcomes[-1]} is more than reached {reached}")
            if kind == "repeat-while" and outcomes[0] != outcomes[1] + reached:
                problems.append(f"{where}: body {outcomes[0]} is not again {outcomes[1]} + reached {reached}")
            if lines.get(file["path"], {}).get(d["line"]) == 0 and (reached or any(outcomes)):
                problems.append(f"{where}: on a line that never ran, yet reached {reached}, outcomes {outcomes}")
            if regions is not None:
                problems += region_problems(where, d, regions.get(file["path"], []))
            count += len(outcomes)
            covered += sum(1 for o in outcomes if o > 0)
        for entry in branches["notDerivable"]:
            where = f"{file['path']}:{entry['line']}:{entry['column']} {entry['kind']}"
            if entry["contradicted"]:
                contradicted += 1
                (notes if allow_contradicted else problems).append(f"{where}: {entry['reason']}")
            if not entry["reason"]:
                problems.append(f"{where}: left out without a reason")
        left_out += len(branches["notDerivable"])
        metric = file["summary"]["branches"]
        if (metric["count"], metric["covered"]) != (count, covered) or metric.get("derived") is not True:
            problems.append(f"{file['path']}: branch metric {metric} is not its outcomes {covered}/{count}")
        total[0] += covered
        total[1] += count
    totals = report["totals"]["branches"]
    if (totals["covered"], totals["count"]) != tuple(total) or (brh, brf) != tuple(total):
        problems.append(f"totals: json {totals}, lcov {brh}/{brf}, files {total[0]}/{total[1]}")
    share = 100 * decisions // max(1, decisions + left_out)
    left_out_share = 100 * left_out / max(1, decisions + left_out)
    if max_left_out is not None and left_out_share > max_left_out:
        problems.append(
            f"{left_out} of {decisions + left_out} decisions not derivable ({left_out_share:.1f}%), "
            f"more than {max_left_out:g}%")
    print(f"derived branches: {decisions} decisions, {left_out} not derivable ({share}% derivable), "
          f"{contradicted} contradicted, {total[0]}/{total[1]} outcomes taken"
          + (", every count witnessed by a region" if regions is not None and not problems else ""))
    for note in notes[:30]:
        print("note", note)
    for problem in problems[:30]:
        print("FAIL", problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
