#!/usr/bin/env python3
"""Makes a large llvm-cov export from a real one, for covgate's benchmark.

Usage: make_large_export.py REAL_EXPORT.json EXPORTED_ROOT PACKAGE_ROOT SIZE OUT.json OUT-description.json [--skip-functions]

EXPORTED_ROOT is the root of the package the export was made from; PACKAGE_ROOT the (empty)
folder the copies are said to live in. SIZE is megabytes (`100`) or a number of files
(`10000files`).

Repeats the real export's source files (and their function records) under renamed target
folders (Sources/<Target>/ -> Sources/<Target>_<n>/) until the output reaches SIZE, keeping
every count, segment and summary as llvm-cov wrote them. With --skip-functions it writes no
function records: the shape of `llvm-cov export -skip-functions`, many small file records. Writes a covgate package description
(`--package-description`) whose targets are the copies, so `covgate check` scopes them all.
Streams its output: a 1 GB export needs little memory.
"""
import json
import os
import re
import sys


def main():
    source, exported_root, root, size, out_path, description_path = sys.argv[1:7]
    skip_functions = "--skip-functions" in sys.argv[7:]
    target_files = int(size[:-len("files")]) if size.endswith("files") else None
    target_bytes = None if target_files else int(float(size) * 1e6)
    export = json.load(open(source))
    data = export["data"][0]
    pattern = re.compile("^" + re.escape(exported_root.rstrip("/")) + r"/Sources/([^/]+)/")
    files = [f for f in data["files"] if pattern.match(f["filename"])]
    keep = {f["filename"] for f in files}
    functions = [] if skip_functions else [
        f for f in data["functions"] if f["filenames"] and f["filenames"][0] in keep]

    def renamed(path, copy):
        match = pattern.match(path)
        return f"{root}/Sources/{match.group(1)}_{copy}/" + path[match.end():]

    written = 0
    copies = 0
    count = 0
    targets = {}

    def enough():
        return count >= target_files if target_files else written >= target_bytes

    with open(out_path + ".files", "w") as file_part, open(out_path + ".functions", "w") as function_part:
        while not enough():
            for f in files:
                if target_files and count >= target_files:
                    break
                count += 1
                g = dict(f, filename=renamed(f["filename"], copies))
                text = ("," if written else "") + json.dumps(g, separators=(",", ":"))
                file_part.write(text)
                written += len(text)
                name = g["filename"][len(root) + len("/Sources/"):].split("/")[0]
                targets.setdefault(name, []).append(g["filename"][len(root) + 1:])
            for fn in functions:
                h = dict(fn, filenames=[renamed(p, copies) if pattern.match(p) else p for p in fn["filenames"]])
                text = ("," if written and function_part.tell() else "") + json.dumps(h, separators=(",", ":"))
                function_part.write(text)
                written += len(text)
            copies += 1
    with open(out_path, "w") as out:
        out.write('{"data":[{"files":[')
        with open(out_path + ".files") as part:
            while chunk := part.read(1 << 24):
                out.write(chunk)
        out.write('],"functions":[')
        with open(out_path + ".functions") as part:
            while chunk := part.read(1 << 24):
                out.write(chunk)
        out.write('],"totals":' + json.dumps(data["totals"], separators=(",", ":")) + '}],"type":"llvm.coverage.json.export","version":"3.0.1"}')
    os.remove(out_path + ".files")
    os.remove(out_path + ".functions")
    description = {
        "name": "Large",
        "root": root,
        "targets": [
            {"name": name, "kind": "library", "path": f"Sources/{name}", "sources": sorted(set(sources)),
             "isClang": False, "products": [name], "dependencies": []}
            for name, sources in sorted(targets.items())
        ],
    }
    json.dump(description, open(description_path, "w"))
    print(f"{out_path}: {os.path.getsize(out_path) / 1e6:.1f} MB, {count} files ({copies} copies of {len(files)})")


if __name__ == "__main__":
    main()
