#!/usr/bin/env bash
# Re-records the exports the derived-branch tests read: builds and tests each fixture package
# (Branches, Contexts, Macros; or the ones named) with coverage (a copy in a temporary folder),
# keeps the records of its sources. Run after changing a fixture or the toolchain;
# BranchFixtureEndToEndTests checks Branches' and Contexts' counts against a fresh build, so a
# stale recording cannot hide a compiler change (Macros builds swift-syntax, about 95 s: it is
# checked from its recording alone).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fixtures="$here/Tests/SourceAnalysisTests/Fixtures"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(Branches Contexts Macros)
for name in "${names[@]}"; do
cp -r "$fixtures/$name" "$work/$name"
swift test --package-path "$work/$name" --enable-code-coverage >&2
python3 - "$work/$name/.build/debug/codecov/$name.json" "$fixtures/$name.export.json" "$name" <<'PY'
import json, sys
source, target, name = sys.argv[1], sys.argv[2], sys.argv[3]
export = json.load(open(source))
data = export["data"][0]
def kept(n): return ("/Sources/%s/" % name) in n
def renamed(n): return "/fixture" + n[n.index("/Sources/"):] if kept(n) else n
data["files"] = [dict(f, filename=renamed(f["filename"])) for f in data["files"] if kept(f["filename"])]
data["functions"] = [
    dict(f, filenames=[renamed(n) for n in f["filenames"]])
    for f in data["functions"] if any(kept(n) for n in f["filenames"])
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
echo "recorded $fixtures/$name.export.json" >&2
done
