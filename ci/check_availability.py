#!/usr/bin/env python3
"""Fails when the package uses a toolchain declaration newer than its macOS deployment target.

There is no Mac here, so the compiler never checks macOS availability for us. This does, from
the toolchain's own data:

- the declarations: `swift-symbolgraph-extract` on the toolchain's modules (Swift, _Concurrency,
  Synchronization, Foundation...): the compiler's own reading of their `.swiftinterface` (or of
  the binary module where Linux ships no interface), with the `@available(macOS N)` of every
  declaration, inherited from its type or extension as the compiler inherits it;
- the uses: the index store the debug build writes (every reference the compiler resolved, by
  USR, with its file, line and column), read through the toolchain's libIndexStore;
- the guards: `if #available(macOS N, *)`, `guard #available(macOS N, *)` and
  `@available(macOS N, *)` on a declaration, found in the source text.

A use of a declaration introduced on macOS after the deployment target, outside a guard of at
least that version, is printed as `file:line:column: ... needs macOS N` and the exit code is 1.
What it cannot see is listed in docs/development.md ("Availability on macOS").

Usage: check_availability.py [--package-path DIR] [--index-store DIR] [--target VERSION]
                             [--sources DIR ...] [--module NAME ...]
"""

import argparse
import ctypes
import json
import os
import shutil
import subprocess
import sys
import tempfile

DEFAULT_MODULES = [
    "Swift", "_Concurrency", "Synchronization", "_StringProcessing", "RegexBuilder",
    "Observation", "Distributed", "Dispatch", "Foundation", "FoundationEssentials",
    "FoundationInternationalization", "FoundationNetworking", "FoundationXML", "XCTest", "Testing",
]

ROLE_REFERENCE = 1 << 2
ROLE_CALL = 1 << 5
ROLE_IMPLICIT = 1 << 8
DEPENDENCY_RECORD = 2


def version(text):
    """`13`, `13.0`, `26.4` as a comparable tuple of two numbers."""
    parts = [int(part) for part in str(text).split(".")[:2]]
    return tuple(parts + [0] * (2 - len(parts)))


def shown(value):
    return f"{value[0]}.{value[1]}"


# --- The declarations and their macOS availability -------------------------------------------


def newer_declarations(symbol_graphs, target):
    """USR -> (name, macOS version) of every declaration introduced on macOS after `target`,
    from symbol graph JSON documents."""
    newer = {}
    older_names = set()
    for graph in symbol_graphs:
        for symbol in graph.get("symbols", []):
            name = ".".join(symbol.get("pathComponents", [symbol["names"]["title"]]))
            needed = macos_introduced(symbol)
            if needed is not None and needed > target:
                newer[symbol["identifier"]["precise"]] = (name, needed)
            else:
                older_names.add(name)
    # A newer declaration with an older one of the same name in the same type (a protocol
    # requirement added later beside its default implementation, as `FixedWidthInteger.&*`)
    # is not told apart by name; which one a use meets is the compiler's choice on a Mac.
    return {usr: (name, needed) for usr, (name, needed) in newer.items()
            if name not in older_names}


def macos_introduced(symbol):
    """The macOS version a symbol graph symbol was introduced in; None if it names none."""
    for entry in symbol.get("availability", []):
        if entry.get("domain") == "macOS" and "introduced" in entry:
            introduced = entry["introduced"]
            return (introduced.get("major", 0), introduced.get("minor", 0))
    return None


def extract_symbol_graphs(swift_folder, triple, modules, scratch):
    """The symbol graphs of `modules` (those the toolchain has), each module's own and its
    extensions of other modules'."""
    extractor = os.path.join(swift_folder, "swift-symbolgraph-extract")
    graphs = []
    for module in modules:
        out = os.path.join(scratch, module)
        os.makedirs(out, exist_ok=True)
        result = subprocess.run(
            [extractor, "-module-name", module, "-target", triple, "-output-dir", out,
             "-minimum-access-level", "public"],
            capture_output=True, text=True)
        if result.returncode != 0:
            continue  # The toolchain has no such module on this platform.
        for name in sorted(os.listdir(out)):
            with open(os.path.join(out, name), encoding="utf-8") as handle:
                graphs.append(json.load(handle))
    return graphs


# --- The uses, from the index store -----------------------------------------------------------


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8") if self.length else ""


APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)
UNIT_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, StringRef)


POINTER = ctypes.c_void_p
ERROR_OUT = ctypes.POINTER(ctypes.c_void_p)

# The C functions used, as indexstore.h declares them: name (after `indexstore_`) -> (result,
# arguments). Every pointer the API hands out (store, readers, symbols, occurrences) is opaque.
SIGNATURES = {
    "store_create": (POINTER, [ctypes.c_char_p, ERROR_OUT]),
    "store_units_apply_f": (ctypes.c_bool, [POINTER, ctypes.c_uint, POINTER, UNIT_APPLIER]),
    "unit_reader_create": (POINTER, [POINTER, ctypes.c_char_p, ERROR_OUT]),
    "unit_reader_dispose": (None, [POINTER]),
    "unit_reader_get_main_file": (StringRef, [POINTER]),
    "unit_reader_is_system_unit": (ctypes.c_bool, [POINTER]),
    "unit_reader_get_modification_time": (
        None, [POINTER, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]),
    "unit_reader_dependencies_apply_f": (ctypes.c_bool, [POINTER, POINTER, APPLIER]),
    "unit_dependency_get_kind": (ctypes.c_int, [POINTER]),
    "unit_dependency_get_name": (StringRef, [POINTER]),
    "record_reader_create": (POINTER, [POINTER, ctypes.c_char_p, ERROR_OUT]),
    "record_reader_dispose": (None, [POINTER]),
    "record_reader_occurrences_apply_f": (ctypes.c_bool, [POINTER, POINTER, APPLIER]),
    "occurrence_get_symbol": (POINTER, [POINTER]),
    "occurrence_get_roles": (ctypes.c_uint64, [POINTER]),
    "occurrence_get_line_col": (
        None, [POINTER, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
    "symbol_get_usr": (StringRef, [POINTER]),
    "error_get_description": (ctypes.c_char_p, [POINTER]),
}


class IndexStore:
    """The index store through libIndexStore's C API (its `_apply_f` functions)."""

    def __init__(self, library, path):
        self.lib = ctypes.CDLL(library)
        lib = self.lib
        for name, (result, arguments) in SIGNATURES.items():
            function = getattr(lib, "indexstore_" + name)
            function.restype = result
            function.argtypes = arguments
        error = ctypes.c_void_p()
        self.store = lib.indexstore_store_create(path.encode(), ctypes.byref(error))
        if not self.store:
            raise RuntimeError(lib.indexstore_error_get_description(error).decode())

    def units(self):
        names = []

        def collect(_, name):
            names.append(name.text())
            return True

        self.lib.indexstore_store_units_apply_f(self.store, 0, None, UNIT_APPLIER(collect))
        return names

    def records_of_files(self, accept):
        """(main file, record name) of the newest non-system unit of each main file `accept`s,
        when that unit is no older than the file (a file edited since its last build has no
        record that matches its text, and is left out)."""
        lib = self.lib
        newest = {}
        for unit in self.units():
            error = ctypes.c_void_p()
            reader = lib.indexstore_unit_reader_create(self.store, unit.encode(), ctypes.byref(error))
            if not reader:
                continue
            main = lib.indexstore_unit_reader_get_main_file(reader).text()
            if main and not lib.indexstore_unit_reader_is_system_unit(reader) and accept(main):
                seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
                lib.indexstore_unit_reader_get_modification_time(
                    reader, ctypes.byref(seconds), ctypes.byref(nanoseconds))
                written = seconds.value + nanoseconds.value / 1e9
                records = []

                def dependency(_, item):
                    if lib.indexstore_unit_dependency_get_kind(item) == DEPENDENCY_RECORD:
                        records.append(lib.indexstore_unit_dependency_get_name(item).text())
                    return True

                lib.indexstore_unit_reader_dependencies_apply_f(reader, None, APPLIER(dependency))
                if main not in newest or written > newest[main][0]:
                    newest[main] = (written, records)
            lib.indexstore_unit_reader_dispose(reader)
        self.stale = sorted(main for main, (written, _) in newest.items()
                            if os.path.getmtime(main) > written)
        return [(main, record) for main, (written, records) in sorted(newest.items())
                if main not in self.stale for record in records]

    def references(self, record):
        """(USR, line, column) of each explicit reference in a record."""
        lib = self.lib
        error = ctypes.c_void_p()
        reader = lib.indexstore_record_reader_create(self.store, record.encode(), ctypes.byref(error))
        if not reader:
            return []
        found = []

        def occurrence(_, item):
            roles = lib.indexstore_occurrence_get_roles(item)
            if roles & (ROLE_REFERENCE | ROLE_CALL) and not roles & ROLE_IMPLICIT:
                symbol = lib.indexstore_occurrence_get_symbol(item)
                line, column = ctypes.c_uint(), ctypes.c_uint()
                lib.indexstore_occurrence_get_line_col(item, ctypes.byref(line), ctypes.byref(column))
                found.append((lib.indexstore_symbol_get_usr(symbol).text(), line.value, column.value))
            return True

        lib.indexstore_record_reader_occurrences_apply_f(reader, None, APPLIER(occurrence))
        lib.indexstore_record_reader_dispose(reader)
        return found


# --- The guards, from the source text ---------------------------------------------------------


def code_mask(text):
    """`text` with string literals and comments blanked (newlines kept), so that braces and
    `#available` are found in code only. Handles `//`, nested `/* */`, `"..."`, `\"\"\"...\"\"\"`
    and raw strings (`#"..."#`); interpolations are blanked with their string."""
    out = list(text)
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif text[i] == "#" and not text.startswith('"', i + raw_hashes(text, i)):
            i += raw_hashes(text, i)  # `#if`, `#available`, `#selector`: code
        elif text[i] in '"#':
            hashes = raw_hashes(text, i)
            j = i + hashes
            quote = '"""' if text.startswith('"""', j) else '"'
            closing = quote + "#" * hashes
            j += len(quote)
            while j < n and not text.startswith(closing, j):
                if text[j] == "\\" and hashes == 0:
                    if text.startswith("\\(", j):
                        depth, j = 1, j + 2
                        while j < n and depth:
                            depth += {"(": 1, ")": -1}.get(text[j], 0)
                            j += 1
                        continue
                    j += 1
                j += 1
            j = min(n, j + len(closing))
            blank(i, j)
            i = j
        else:
            i += 1
    return "".join(out)


def raw_hashes(text, start):
    """How many `#` stand at `start` (a raw string's delimiter when a quote follows)."""
    end = start
    while end < len(text) and text[end] == "#":
        end += 1
    return end - start


def matching_brace(code, open_index):
    depth = 0
    for index in range(open_index, len(code)):
        if code[index] == "{":
            depth += 1
        elif code[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    return len(code)


def macos_version(arguments):
    """The macOS version an `#available(...)` or `@available(...)` argument list names."""
    for part in arguments.split(","):
        words = part.split()
        if len(words) == 2 and words[0] == "macOS":
            try:
                return version(words[1])
            except ValueError:
                return None
    return None


def guarded_ranges(text):
    """(start offset, end offset, macOS version) of the code each guard covers."""
    code = code_mask(text)
    ranges = []
    for keyword in ("#available(", "@available("):
        start = code.find(keyword)
        while start >= 0:
            close = code.find(")", start)
            needed = macos_version(code[start + len(keyword):close])
            if needed is not None:
                body = code.find("{", close)
                if body >= 0:
                    if keyword == "#available(" and code[:start].rstrip().endswith("guard"):
                        # `guard #available(...) else { ... }`: the rest of the enclosing scope.
                        else_end = matching_brace(code, body)
                        ranges.append((else_end, enclosing_end(code, start), needed))
                    else:
                        ranges.append((body, matching_brace(code, body), needed))
            start = code.find(keyword, start + 1)
    return ranges


def enclosing_end(code, offset):
    depth = 0
    for index in range(offset, len(code)):
        if code[index] == "{":
            depth += 1
        elif code[index] == "}":
            if depth == 0:
                return index
            depth -= 1
    return len(code)


def offset_of(text_lines_starts, line, column):
    return text_lines_starts[line - 1] + column - 1


def line_starts(text):
    starts = [0]
    for index, character in enumerate(text):
        if character == "\n":
            starts.append(index + 1)
    return starts


# --- The check --------------------------------------------------------------------------------


def findings(uses, newer, target, read_text):
    """The uses of newer declarations outside a guard: (file, line, column, name, version), one
    per place (a type and its initialiser named at one place are one use: the newest counts)."""
    found = {}
    guards = {}
    for path, usr, line, column in uses:
        if usr not in newer:
            continue
        name, needed = newer[usr]
        if path not in guards:
            text = read_text(path)
            guards[path] = (guarded_ranges(text), line_starts(text))
        ranges, starts = guards[path]
        offset = offset_of(starts, line, column)
        if any(start <= offset <= end and covered >= needed for start, end, covered in ranges):
            continue
        place = (path, line, column)
        # The newest declaration named there; of equals, the shortest name (the type's).
        if place not in found or (needed, -len(name)) > (found[place][0], -len(found[place][1])):
            found[place] = (needed, name)
    return [(path, line, column, name, needed)
            for (path, line, column), (needed, name) in sorted(found.items())]


def toolchain():
    """The folder of the real `swift` (links resolved) and the target triple."""
    swift = shutil.which("swift")
    if swift is None:
        raise SystemExit("check_availability: no swift on PATH; put the toolchain's usr/bin on PATH")
    folder = os.path.dirname(os.path.realpath(swift))
    info = json.loads(subprocess.run([swift, "-print-target-info"], capture_output=True,
                                     text=True, check=True).stdout)
    return folder, info["target"]["unversionedTriple"]


def deployment_target(package_path):
    dump = json.loads(subprocess.run(["swift", "package", "--package-path", package_path,
                                      "dump-package"], capture_output=True, text=True,
                                     check=True).stdout)
    for platform in dump.get("platforms") or []:
        if platform["platformName"] == "macos":
            return version(platform["version"])
    raise SystemExit("check_availability: Package.swift names no macOS deployment target; "
                     "add `platforms: [.macOS(...)]` or pass --target")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package-path", default=".")
    parser.add_argument("--index-store", help="default: the debug build's index/store")
    parser.add_argument("--target", help="the macOS deployment target (default: Package.swift's)")
    parser.add_argument("--sources", nargs="+", default=["Sources", "Tests", "Plugins"])
    parser.add_argument("--module", nargs="+", default=DEFAULT_MODULES)
    arguments = parser.parse_args()

    root = os.path.realpath(arguments.package_path)
    folder, triple = toolchain()
    target = version(arguments.target) if arguments.target else deployment_target(root)
    store_path = arguments.index_store or os.path.join(root, ".build", triple, "debug", "index",
                                                       "store")
    if not os.path.isdir(store_path):
        print(f"check_availability: no index store at {store_path}; build first (swift build "
              "--build-tests) or pass --index-store", file=sys.stderr)
        return 2
    library = os.path.join(os.path.dirname(folder), "lib", "libIndexStore.so")
    roots = [os.path.join(root, source) + os.sep for source in arguments.sources]

    with tempfile.TemporaryDirectory() as scratch:
        graphs = extract_symbol_graphs(folder, triple, arguments.module, scratch)
    newer = newer_declarations(graphs, target)
    if not newer:
        print("check_availability: the toolchain's modules gave no availability data",
              file=sys.stderr)
        return 2

    store = IndexStore(library, store_path)
    files = store.records_of_files(
        lambda path: any(path.startswith(prefix) for prefix in roots) and os.path.exists(path))
    uses = []
    for path, record in files:
        uses += [(path, usr, line, column) for usr, line, column in store.references(record)]

    def read_text(path):
        with open(path, encoding="utf-8") as handle:
            return handle.read()

    problems = findings(uses, newer, target, read_text)
    for path, line, column, name, needed in problems:
        print(f"{os.path.relpath(path, root)}:{line}:{column}: {name} needs macOS {shown(needed)}, "
              f"above the deployment target macOS {shown(target)}: guard it with "
              f"`if #available(macOS {shown(needed)}, *)` and a path for older systems")
    for path in store.stale:
        print(f"check_availability: {os.path.relpath(path, root)} changed since it was last "
              "built; not checked (build again)", file=sys.stderr)
    checked = len({path for path, _ in files})
    print(f"check_availability: {len(problems)} use(s) newer than macOS {shown(target)} in "
          f"{checked} files ({len(newer)} newer declarations in {len(arguments.module)} modules)")
    return 1 if problems or store.stale else 0


if __name__ == "__main__":
    sys.exit(main())
