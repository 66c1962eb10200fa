#!/usr/bin/env python3
"""The availability check on its fixture: the fixture is compiled with an index store, and the
check must report exactly the uses marked `// finding` (file, line, the version they need)."""

import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_availability  # noqa: E402

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "availability-fixture",
                       "Uses.swift")


class AvailabilityCheckTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory()
        store = os.path.join(cls.scratch.name, "store")
        subprocess.run(["swiftc", "-typecheck", "-index-store-path", store, FIXTURE,
                        "-module-name", "Fixture"], check=True, capture_output=True)
        folder, triple = check_availability.toolchain()
        graphs = check_availability.extract_symbol_graphs(
            folder, triple, ["Swift", "Synchronization"], cls.scratch.name)
        cls.newer = check_availability.newer_declarations(graphs, (13, 0))
        library = os.path.join(os.path.dirname(folder), "lib", "libIndexStore.so")
        index = check_availability.IndexStore(library, store)
        fixture = os.path.realpath(FIXTURE)
        cls.uses = [(path, *use) for path, record in index.records_of_files(
            lambda path: os.path.realpath(path) == fixture) for use in index.references(record)]

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def test_the_interfaces_say_what_is_newer(self):
        names = {name: needed for name, needed in self.newer.values()}
        self.assertEqual(names["InlineArray"], (26, 0))
        self.assertEqual(names["Atomic"], (15, 0))
        self.assertEqual(names["Atomic.load(ordering:)"], (15, 0))
        self.assertNotIn("Duration", names)

    def test_exactly_the_unguarded_uses_are_found(self):
        with open(FIXTURE, encoding="utf-8") as handle:
            text = handle.read()
        expected = [number for number, line in enumerate(text.split("\n"), 1)
                    if line.rstrip().endswith("// finding")]
        found = check_availability.findings(self.uses, self.newer, (13, 0),
                                            lambda path: text)
        self.assertEqual(sorted({line for _, line, _, _, _ in found}), expected)
        by_line = {}
        for _, line, _, name, needed in found:
            by_line.setdefault(line, set()).add((name, needed))
        self.assertEqual(by_line[7], {("Atomic", (15, 0))})
        self.assertEqual(by_line[28], {("InlineArray", (26, 0)),
                                       ("InlineArray.subscript(_:)", (26, 0))})

    def test_a_higher_target_finds_less(self):
        newer = check_availability.newer_declarations([], (26, 0))
        self.assertEqual(newer, {})
        with open(FIXTURE, encoding="utf-8") as handle:
            text = handle.read()
        at15 = {usr: value for usr, value in self.newer.items() if value[1] > (15, 0)}
        found = check_availability.findings(self.uses, at15, (15, 0), lambda path: text)
        self.assertNotIn("Atomic", {name for _, _, _, name, _ in found})

    def test_strings_and_comments_hold_no_guards_or_braces(self):
        masked = check_availability.code_mask('let a = "{ #available(macOS 99, *) }" // {\n}')
        self.assertNotIn("{", masked.split("\n")[0])
        self.assertEqual(check_availability.guarded_ranges('f("if #available(macOS 26, *) {}")'),
                         [])
        raw = check_availability.code_mask('let r = #"x { "# + "{"\n#if os(Linux) {')
        self.assertEqual(raw, 'let r =          +    \n#if os(Linux) {')


if __name__ == "__main__":
    unittest.main()
