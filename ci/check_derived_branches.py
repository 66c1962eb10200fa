#!/usr/bin/env python3
"""Checks covgate's derived branches on a package it ran on, from the reports alone.

Usage: check_derived_branches.py COVGATE_OUTPUT_DIR

Reads covgate.json and coverage.lcov and checks, for every decision:
  - counts are whole numbers >= 0, and there are at least two outcomes;
  - the outcomes of an if chain, a switch, a guard, a ?:, a do-catch and of &&, || and ??
    add up to how often the decision was reached; a for-in or while is left once per reach;
    a repeat-while's body ran once per reach plus once per repeat;
  - a decision on a line that never ran (llvm-cov's line count 0) was never reached and has
    no outcome taken;
  - the file's branch metric is its outcomes, covered when taken; the totals add up;
  - LCOV's BRF/BRH equal the JSON's.
Prints the share of decisions that were derivable; exits 1 on any violation.
"""
import json
import os
import sys

SUMS_TO_REACHED = {"if", "switch", "guard", "?:", "do-catch", "&&", "||", "??"}


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
    out = sys.argv[1]
    report = json.load(open(os.path.join(out, "covgate.json")))
    lines, brf, brh = line_counts(os.path.join(out, "coverage.lcov"))
    problems, decisions, left_out = [], 0, 0
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
            if kind in SUMS_TO_REACHED and sum(outcomes) != reached:
                problems.append(f"{where}: outcomes {outcomes} do not add up to reached {reached}")
            if kind in ("for-in", "while") and outcomes[-1] != reached:
                problems.append(f"{where}: exit {outcomes[-1]} is not reached {reached}")
            if kind == "repeat-while" and outcomes[0] != outcomes[1] + reached:
                problems.append(f"{where}: body {outcomes[0]} is not again {outcomes[1]} + reached {reached}")
            if lines.get(file["path"], {}).get(d["line"]) == 0 and (reached or any(outcomes)):
                problems.append(f"{where}: on a line that never ran, yet reached {reached}, outcomes {outcomes}")
            count += len(outcomes)
            covered += sum(1 for o in outcomes if o > 0)
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
    print(f"derived branches: {decisions} decisions, {left_out} not derivable ({share}% derivable), "
          f"{total[0]}/{total[1]} outcomes taken")
    for problem in problems[:30]:
        print("FAIL", problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
