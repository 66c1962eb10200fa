#!/usr/bin/env bash
# Re-records the export the derived-branch tests read: builds and tests the Branches fixture
# package with coverage (a copy in a temporary folder), keeps the records of Decisions.swift.
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
keep = "/Sources/Branches/Decisions.swift"
name = "/fixture" + keep
data["files"] = [dict(f, filename=name) for f in data["files"] if f["filename"].endswith(keep)]
data["functions"] = [
    dict(f, filenames=[name if n.endswith(keep) else n for n in f["filenames"]])
    for f in data["functions"] if any(n.endswith(keep) for n in f["filenames"])
]
for f in data["files"]:
    data["totals"] = f["summary"]
with open(target, "w") as out:
    json.dump(export, out, separators=(",", ":"))
    out.write("\n")
PY
echo "recorded $fixtures/Branches.export.json" >&2
