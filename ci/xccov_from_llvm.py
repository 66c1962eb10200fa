#!/usr/bin/env python3
"""Writes the JSON `xcrun xccov view --report --json` and `--archive --json` print, from a real
llvm-cov run (its JSON export and its LCOV): the shapes described in
../shared/design/xcode-coverage.md, so that tests on Linux read files shaped as a Mac writes them.

- Lines: LCOV's DA records (llvm-cov's own per-line counts) are each file's executable lines.
- Functions: the export's function records, demangled, at the line of their first region, with
  the executable lines inside that region.
- Subranges: a region that never ran on a line that did, as {column, length, executionCount: 0}.
- Targets: files under a *Tests folder belong to that folder's `.xctest`; the rest to `App.app`.
- Names: Swift's demangled; C's and Objective-C's without llvm's `file.m:` prefix of a local
  symbol, and Objective-C methods as Apple's runtime names them (`-[Class sel:arg:]`), from the
  GNU runtime's `_i_Class__sel_arg_` (an instance method; `_c_` a class method) this machine
  compiles: a selector's own underscores would read as colons, so fixtures use none.
- `--under ROOT`: only files under ROOT (headers of the system's Objective-C runtime are no
  project's, and Xcode's SDK headers are not in its reports).
"""
import argparse, json, re, subprocess, collections

def main():
    parser = argparse.ArgumentParser()
    for flag in ("--export", "--lcov", "--demangle", "--report", "--archive"):
        parser.add_argument(flag, required=True)
    parser.add_argument("--under", default="/")
    args = parser.parse_args()
    under = args.under.rstrip("/") + "/"
    export = json.load(open(args.export))["data"][0]
    lines = read_lcov(args.lcov)
    names = demangled(args.demangle, [f["name"] for f in export["functions"]])

    functions = collections.defaultdict(list)
    partial = collections.defaultdict(list)
    for record in export["functions"]:
        path = record["filenames"][0]
        regions = [r for r in record["regions"] if r[5] == 0 and r[7] == 0]
        if not regions:
            continue
        start, end = regions[0][0], regions[0][2]
        counts = lines.get(path, {})
        inside = [line for line in counts if start <= line <= end]
        functions[path].append({
            "name": apple_name(names.get(record["name"], record["name"])),
            "lineNumber": start,
            "executionCount": record["count"],
            **figures(sum(1 for line in inside if counts[line] > 0), len(inside)),
        })
        for line1, col1, line2, col2, count, *_ in regions[1:]:
            if count == 0 and line1 == line2 and counts.get(line1, 0) > 0:
                partial[(path, line1)].append({"column": col1, "length": col2 - col1, "executionCount": 0})

    archive = {}
    targets = collections.defaultdict(list)
    for path in sorted(lines):
        if "/.build/" in path or not path.startswith(under):
            continue  # SwiftPM's test runner and the system's headers: not in Xcode's report
        counts = lines[path]
        last = max(counts) if counts else 0
        entries = []
        for number in range(1, last + 1):
            entry = {"line": number, "isExecutable": number in counts}
            if number in counts:
                entry["executionCount"] = counts[number]
                subranges = partial.get((path, number))
                if subranges:
                    entry["subranges"] = sorted(subranges, key=lambda s: s["column"])
            entries.append(entry)
        archive[path] = entries
        covered = sum(1 for c in counts.values() if c > 0)
        target = target_of(path)
        targets[target].append({
            "name": path.rsplit("/", 1)[-1], "path": path,
            **figures(covered, len(counts)),
            "functions": sorted(functions.get(path, []), key=lambda f: (f["lineNumber"], f["name"])),
        })

    report_targets = []
    for name in sorted(targets):
        files = targets[name]
        report_targets.append({
            "name": name,
            "buildProductPath": "/Users/runner/Library/Developer/Xcode/DerivedData/Shop-abcdef/Build/Products/Debug-iphonesimulator/" + name,
            **figures(sum(f["coveredLines"] for f in files), sum(f["executableLines"] for f in files)),
            "files": files,
        })
    report = {
        **figures(sum(t["coveredLines"] for t in report_targets), sum(t["executableLines"] for t in report_targets)),
        "targets": report_targets,
    }
    json.dump(report, open(args.report, "w"), indent=1)
    json.dump(archive, open(args.archive, "w"), indent=1)

def figures(covered, executable):
    return {"coveredLines": covered, "executableLines": executable,
            "lineCoverage": covered / executable if executable else 0}

def target_of(path):
    for folder in path.split("/")[:-1]:
        if folder.endswith("Tests"):
            return folder + ".xctest"
    return "App.app"

def apple_name(name):
    """A function's name as xccov shows it (see the module's doc)."""
    name = re.sub(r"^[^:$]+\.(c|m|mm|cc|cpp):", "", name)
    method = re.fullmatch(r"_([ic])_([A-Za-z0-9]+)__([A-Za-z0-9_]+)", name)
    if method:
        kind, cls, selector = method.groups()
        return f"{'-' if kind == 'i' else '+'}[{cls} {selector.replace('_', ':')}]"
    return name

def read_lcov(path):
    lines, current = {}, None
    for raw in open(path):
        raw = raw.strip()
        if raw.startswith("SF:"):
            current = lines.setdefault(raw[3:], {})
        elif raw.startswith("DA:"):
            number, count = raw[3:].split(",")[:2]
            current[int(number)] = int(count)
    return lines

def demangled(tool, mangled):
    unique = sorted(set(mangled))
    output = subprocess.run([tool, "--simplified"], input="\n".join(unique) + "\n",
                            capture_output=True, text=True, check=True).stdout.splitlines()
    return dict(zip(unique, output))

if __name__ == "__main__":
    main()
