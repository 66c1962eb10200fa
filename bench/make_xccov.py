#!/usr/bin/env python3
"""Writes an xccov report and archive of an app of FILES files (the shapes of `xcrun xccov view
--report --json` and `--archive --json`), from the recorded fixture's files repeated under new
names, and an empty project root whose App/ folder holds them: what `make bench` reads.

Usage: make_xccov.py FIXTURE_FOLDER FILES ROOT REPORT ARCHIVE
"""
import json, os, sys

fixture, count, root, report_path, archive_path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
report = json.load(open(os.path.join(fixture, "all.xccov-report.json")))
archive = json.load(open(os.path.join(fixture, "all.xccov-archive.json")))
app = [f for t in report["targets"] if t["name"] == "App.app" for f in t["files"] if "/shop/shop/App/" in f["path"]]
os.makedirs(os.path.join(root, "App"), exist_ok=True)
open(os.path.join(root, "App", "Placeholder.swift"), "w").write("let placeholder = 1\n")
files, lines = [], {}
for index in range(count):
    source = app[index % len(app)]
    path = f"{root}/App/Module{index // 100:03d}/File{index:05d}.swift"
    files.append(dict(source, name=os.path.basename(path), path=path))
    # Each file 10 times the fixture's lines: apps' files run to hundreds of lines.
    entries = archive[source["path"]]
    lines[path] = [dict(entry, line=copy * len(entries) + entry["line"]) for copy in range(10) for entry in entries]
covered = sum(f["coveredLines"] for f in files)
executable = sum(f["executableLines"] for f in files)
target = {"name": "App.app", "buildProductPath": "/x/App.app", "coveredLines": covered,
          "executableLines": executable, "lineCoverage": covered / executable, "files": files}
json.dump({"coveredLines": covered, "executableLines": executable, "lineCoverage": covered / executable,
           "targets": [target]}, open(report_path, "w"))
json.dump(lines, open(archive_path, "w"))
