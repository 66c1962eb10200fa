#!/usr/bin/env bash
# Re-records the export the derived-branch tests read: builds and tests the Branches fixture
# package with coverage (a copy in a temporary folder), keeps the records of its sources.
# Run after changing the fixture or the toolchain; BranchesEndToEndTests checks the same
# counts against a fresh build, so a stale recording cannot hide a compiler change.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fixtures="$here/Tests/SourceAnalysisTests/Fixtures"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$fixtures/Branches" "$work/Branches"
swift test --package-path "$work/Branches" --enable-code-coverage >&2
python3 - "$work/Branches/.build/debug/codecov/Branches.json" "$fixtures/Branches.export.json" <<'PY'
import json, sys
source, target = sys.argv[1], sys.argv[2]
export = json.load(open(source))
data = export["data"][0]
keep = ("/Sources/Branches/Decisions.swift", "/Sources/Branches/Families.swift", "/Sources/Branches/LoopRegions.swift", "/Sources/Branches/Placements.swift")
def renamed(n): return "/fixture" + n[n.index("/Sources/"):] if n.endswith(keep) else n
data["files"] = [dict(f, filename=renamed(f["filename"])) for f in data["files"] if f["filename"].endswith(keep)]
data["functions"] = [
    dict(f, filenames=[renamed(n) for n in f["filenames"]])
    for f in data["functions"] if any(n.endswith(keep) for n in f["filenames"])
]
totals = {}
for f in data["files"]:
    for metric, figures in f["summary"].items():
        into = totals.setdefault(metric, {k: 0 for k in figures})
        for k, v in figures.items():
            if k != "percent":
                into[k] = into.get(k, 0) + v
for figures in totals.values():
    count = figures.get("count", 0)
    figures["percent"] = 100.0 * figures.get("covered", 0) / count if count else 0
data["totals"] = totals
with open(target, "w") as out:
    json.dump(export, out, separators=(",", ":"))
    out.write("\n")
PY
echo "recorded $fixtures/Branches.export.json" >&2
