import Foundation
import XCTest

/// `check --lcov` on the LCOV that the real llvm-cov writes for a real run of the Sample
/// package: lcov's own figures, the same lines as the JSON route, a Bazel-shaped workspace made
/// from the same run, the gate's rules, and bad tracefiles refused with nothing written.
extension EndToEndTests {
  /// The LCOV `llvm-cov export -format=lcov` writes for one real test run of the package.
  private func llvmCovLCOV() throws -> String {
    let run = try covgate(["run", "--output", "\(package)/out-lcov-run", "--no-history", "--quiet"])
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    let export = try CLIHarness.run(
      "\(CLIHarness.toolchainBin)/llvm-cov",
      [
        "export", "-format=lcov", "-instr-profile=\(package)/.build/debug/codecov/default.profdata",
        "\(package)/.build/debug/SamplePackageTests.xctest",
      ])
    XCTAssertEqual(export.exitCode, 0, export.stderr)
    let path = "\(package)/../llvm.lcov"
    try export.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// `lcov --summary`'s lines and functions (covered, count) of a tracefile's records whose
  /// source matches `pattern`.
  private func lcovSummary(_ tracefile: String, sources pattern: String) throws -> [String: [Int]] {
    let extracted = "\(tracefile).extract.info"
    let extract = try CLIHarness.run(
      "/usr/bin/env",
      ["lcov", "--quiet", "--extract", tracefile, pattern, "--output-file", extracted])
    XCTAssertEqual(extract.exitCode, 0, extract.stderr)
    let summary = try CLIHarness.run("/usr/bin/env", ["lcov", "--summary", extracted])
    XCTAssertEqual(summary.exitCode, 0, summary.stderr)
    var figures: [String: [Int]] = [:]
    for line in (summary.stdout + summary.stderr).split(separator: "\n") {
      // "  lines......: 90.7% (6792 of 7490 lines)"
      let words = line.split(whereSeparator: { " .:(%)".contains($0) })
      guard let kind = words.first, ["lines", "functions"].contains(kind),
        let of = words.firstIndex(of: "of"), of > 0, of + 1 < words.count
      else { continue }
      figures[String(kind)] = [Int(words[of - 1])!, Int(words[of + 1])!]
    }
    return figures
  }

  private func totals(_ report: [String: Any]) throws -> [String: [Int]] {
    let totals = try XCTUnwrap(report["totals"] as? [String: [String: Any]])
    return ["lines", "functions"].reduce(into: [:]) { result, metric in
      result[metric] = [
        totals[metric]?["covered"] as? Int ?? -1, totals[metric]?["count"] as? Int ?? -1,
      ]
    }
  }

  /// Per source file of an LCOV file: its `DA:` lines and whether each ran.
  private func ranLines(_ tracefile: String) throws -> [String: [Int: Bool]] {
    var files: [String: [Int: Bool]] = [:]
    var source = ""
    for line in try String(contentsOfFile: tracefile, encoding: .utf8).split(separator: "\n") {
      if line.hasPrefix("SF:") { source = String(line.dropFirst(3)) }
      if line.hasPrefix("DA:") {
        let fields = line.dropFirst(3).split(separator: ",")
        files[source, default: [:]][Int(fields[0])!] = fields[1] != "0"
      }
    }
    return files
  }

  func testLCOVOfARealRunGivesLcovsOwnFiguresAndTheExportsLines() throws {
    let lcov = try llvmCovLCOV()
    let output = "\(package)/out-lcov"
    let checked = try covgate([
      "check", "--lcov", lcov, "--output", output, "--no-history", "--format", "json", "--format",
      "text",
    ])
    XCTAssertEqual(checked.exitCode, 0, checked.stderr)
    let report = try report(output)
    XCTAssertEqual(report["source"] as? String, "lcov")
    let expected = try lcovSummary(lcov, sources: "\(package)/Sources/*")
    XCTAssertEqual(expected.count, 2, "lcov --summary printed no figures")
    XCTAssertEqual(try totals(report), expected)
    XCTAssertTrue(checked.stdout.contains("Figures from an LCOV tracefile"), checked.stdout)
    XCTAssertFalse(checked.stdout.contains("Regions"), "LCOV has no regions: no column of n/a")

    // The JSON route of the same run marks the same lines run and not run (its line figure
    // adds up each function's lines, llvm-cov report's way, so only the lines are compared).
    let viaExport = "\(package)/out-lcov-export"
    let exported = try covgate([
      "check", "--from-build", ".build/debug", "--output", viaExport, "--no-history", "--format",
      "lcov", "--quiet",
    ])
    XCTAssertEqual(exported.exitCode, 0, exported.stderr)
    let ours = try ranLines("\(viaExport)/coverage.lcov")
    let theirs = try ranLines(lcov)
    XCTAssertFalse(ours.isEmpty)
    for (source, lines) in ours {
      let absolute = source.hasPrefix("/") ? source : "\(package)/\(source)"
      XCTAssertEqual(theirs[absolute], lines, source)
    }
  }

  func testABazelShapedReportOfTheSameRunGivesTheSameFigures() throws {
    let lcov = try llvmCovLCOV()
    // A Bazel workspace of the same sources: a package per BUILD file, no Package.swift.
    let workspace = "\(package)/../workspace"
    try? FileManager.default.removeItem(atPath: workspace)
    try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
    for folder in ["Sources", "Tests"] {
      try FileManager.default.copyItem(
        atPath: "\(package)/\(folder)", toPath: "\(workspace)/\(folder)")
    }
    try "module(name = \"sample\")\n".write(
      toFile: "\(workspace)/MODULE.bazel", atomically: true, encoding: .utf8)
    for folder in [
      "Sources/Pricing", "Sources/Untested", "Sources/PricingCLI", "Tests/PricingTests",
    ] {
      try "# swift_library(...)\n".write(
        toFile: "\(workspace)/\(folder)/BUILD.bazel", atomically: true, encoding: .utf8)
    }
    // As `bazel coverage --combined_report=lcov` writes it: workspace-relative paths, a record
    // per test target that ran a file (here a second one that ran none of it), an external
    // repository's and a generated file's records.
    var combined = ""
    for record in try String(contentsOfFile: lcov, encoding: .utf8).components(
      separatedBy: "end_of_record\n")
    where record.hasPrefix("SF:") {
      let relative = record.replacingOccurrences(of: "SF:\(package)/", with: "SF:")
      combined += relative + "end_of_record\n"
      let none = relative.split(separator: "\n").map { line -> String in
        if line.hasPrefix("DA:") { return "DA:\(line.dropFirst(3).split(separator: ",")[0]),0" }
        if line.hasPrefix("FNDA:") {
          return "FNDA:0,\(line.split(separator: ",", maxSplits: 1)[1])"
        }
        if line.hasPrefix("LH:") || line.hasPrefix("FNH:") {
          return "\(line.split(separator: ":")[0]):0"
        }
        return String(line)
      }
      combined += none.joined(separator: "\n") + "\nend_of_record\n"
    }
    combined += "SF:external/swift_dep/Sources/Dep/Dep.swift\nDA:1,1\nDA:2,0\nend_of_record\n"
    combined +=
      "SF:bazel-out/k8-fastbuild/bin/Sources/Pricing/Generated.swift\nDA:1,3\nend_of_record\n"
    let tracefile = "\(workspace)/../_coverage_report.dat"
    try combined.write(toFile: tracefile, atomically: true, encoding: .utf8)

    let direct = "\(package)/out-lcov-direct"
    XCTAssertEqual(
      try covgate(["check", "--lcov", lcov, "--output", direct, "--no-history", "--quiet"])
        .exitCode, 0)
    let output = "\(workspace)/../out-bazel"
    let checked = try CLIHarness.run(
      CLIHarness.covgate,
      [
        "check", "--lcov", tracefile, "--package-path", workspace, "--output", output,
        "--no-history", "--quiet",
      ],
      in: workspace)
    XCTAssertEqual(checked.exitCode, 0, checked.stderr)
    let bazel = try report(output)
    XCTAssertEqual(try totals(bazel), try totals(report(direct)))
    let files = try XCTUnwrap(bazel["files"] as? [[String: Any]])
    XCTAssertEqual(Set(files.compactMap { $0["target"] as? String }), ["Sources/Pricing"])
    let excluded = try XCTUnwrap(bazel["excludedFiles"] as? [[String: Any]])
    let reasons = Dictionary(excluded.map { ($0["path"] as! String, $0["reason"] as! String) }) {
      a, _ in a
    }
    XCTAssertEqual(
      reasons["external/swift_dep/Sources/Dep/Dep.swift"], "a Bazel external repository (external)")
    XCTAssertEqual(
      reasons["bazel-out/k8-fastbuild/bin/Sources/Pricing/Generated.swift"],
      "Bazel's build output (bazel-out)")
    XCTAssertTrue(reasons.keys.contains { $0.hasPrefix("Tests/PricingTests/") }, "\(reasons)")
  }

  func testLCOVIsGatedByLayersAndBaselineAndARegionsRuleIsAConfigError() throws {
    let lcov = try llvmCovLCOV()
    defer { try? FileManager.default.removeItem(atPath: "\(package)/.covgate-baseline.json") }
    try "layers:\n  logic:\n    default: true\n    lines: 99\n".write(
      toFile: "\(package)/.covgate.yml", atomically: true, encoding: .utf8)
    let strict = try covgate([
      "check", "--lcov", lcov, "--output", "\(package)/out-lcov-strict", "--no-history",
    ])
    XCTAssertEqual(strict.exitCode, 1, strict.stdout)
    XCTAssertTrue(strict.stdout.contains("FAIL logic: lines"), strict.stdout)

    try "layers:\n  logic:\n    default: true\n    regions: 50\n".write(
      toFile: "\(package)/.covgate.yml", atomically: true, encoding: .utf8)
    let regions = try covgate([
      "check", "--lcov", lcov, "--output", "\(package)/out-lcov-regions", "--no-history",
    ])
    XCTAssertEqual(regions.exitCode, 2, regions.stdout)
    XCTAssertTrue(
      regions.stderr.contains(
        ".covgate.yml:2: layer 'logic' gates regions, which LCOV data does not hold (it has lines and functions)"
      ),
      regions.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(package)/out-lcov-regions"))
    try FileManager.default.removeItem(atPath: "\(package)/.covgate.yml")

    let save = try covgate([
      "baseline", "save", "--lcov", lcov, "--output", "\(package)/out-lcov-save", "--quiet",
    ])
    XCTAssertEqual(save.exitCode, 0, save.stderr)
    // The same run with none of its lines run: below the baseline.
    let none =
      try String(contentsOfFile: lcov, encoding: .utf8).split(separator: "\n").map {
        line -> String in
        line.hasPrefix("DA:") ? "DA:\(line.dropFirst(3).split(separator: ",")[0]),0" : String(line)
      }.joined(separator: "\n") + "\n"
    let dropped = "\(package)/../dropped.lcov"
    try none.write(toFile: dropped, atomically: true, encoding: .utf8)
    let check = try covgate([
      "check", "--lcov", dropped, "--output", "\(package)/out-lcov-drop", "--no-history",
    ])
    XCTAssertEqual(check.exitCode, 1, check.stdout)
    XCTAssertTrue(check.stdout.contains("points below the baseline"), check.stdout)
  }

  /// The tracefile with the Tax.swift record's `LH:` (after `start`) made 99999.
  private func overstated(_ lcov: String, after start: String.Index) -> String {
    guard
      let hits = lcov.range(
        of: #"LH:\d+"#, options: .regularExpression, range: start..<lcov.endIndex)
    else { return lcov }
    return lcov.replacingCharacters(in: hits, with: "LH:99999")
  }

  func testABadTracefileIsRefusedInOneLineAndNothingIsWritten() throws {
    let lcov = try String(contentsOfFile: try llvmCovLCOV(), encoding: .utf8)
    let taxRecord = try XCTUnwrap(lcov.range(of: "/Sources/Pricing/Tax.swift\n"))
    let cases: [(String, String)] = [
      (String(lcov[..<taxRecord.upperBound]) + "DA:1,1\n", "is truncated: the record of"),
      (overstated(lcov, after: taxRecord.upperBound), "LH:99999 is above LF:"),
      (
        lcov.replacingOccurrences(
          of: "/Sources/Pricing/Tax.swift\n", with: "/Sources/Pricing/Tax.swift\nDA:4000,1\n"),
        "counts line 4000 of"
      ),
      (
        lcov.replacingOccurrences(
          of: "/Sources/Pricing/Tax.swift\n", with: "/Sources/Pricing/Tax.swift\nDA:3,many\n"),
        "`many` is not a count"
      ),
    ]
    for (index, (text, reason)) in cases.enumerated() {
      let path = "\(package)/../bad-\(index).lcov"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let output = "\(package)/out-lcov-bad-\(index)"
      let result = try covgate(["check", "--lcov", path, "--output", output, "--no-history"])
      XCTAssertEqual(result.exitCode, 2, reason)
      let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("covgate: error:") }
      XCTAssertEqual(errors.count, 1, result.stderr)
      XCTAssertTrue(result.stderr.contains(reason), result.stderr)
      XCTAssertFalse(FileManager.default.fileExists(atPath: output), "a refused run writes nothing")
    }
  }

  /// A tracefile older than a test file (a line past its end) does not refuse the run: the test
  /// file is not measured; it is said in the notes. The same in a gated source is refused above.
  func testAStaleTestFileIsSaidNotRefused() throws {
    let lcov = try String(contentsOfFile: try llvmCovLCOV(), encoding: .utf8)
    let testRecord = try XCTUnwrap(
      lcov.matches(of: /SF:([^\n]*\/Tests\/[^\n]*\.swift)\n/).first, "a test file's record")
    let testFile = String(testRecord.output.1)
    let text = lcov.replacingOccurrences(
      of: "SF:\(testFile)\n", with: "SF:\(testFile)\nDA:4000,1\n")
    let path = "\(package)/../stale-test.lcov"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let output = "\(package)/out-lcov-stale-test"
    let result = try covgate([
      "check", "--lcov", path, "--output", output, "--no-history", "--format", "json",
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(output)/covgate.json"))) as? [String: Any])
    let notes = json["inputNotes"] as? [String] ?? []
    XCTAssertTrue(
      notes.contains { $0.contains("counts line 4000 of Tests/") && $0.contains("not measured") },
      "\(notes)")
  }

  /// The branches clang measured for a C program (its `BRDA:` records, as `llvm-cov export
  /// -format=lcov` writes them for two real runs): lcov's own branch figures, merged as
  /// `lcov -a` merges them, written back unchanged, and gated.
  func testTheProducersBranchesAreReportedAsMeasuredAndGated() throws {
    let project = NSTemporaryDirectory() + "covgate-c-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: project) }
    try FileManager.default.createDirectory(
      atPath: "\(project)/src", withIntermediateDirectories: true)
    for (file, text) in [
      ("WORKSPACE", ""), ("src/BUILD", ""),
      (
        "src/calc.c",
        """
        #include <stdio.h>
        #include <stdlib.h>

        int classify(int x) {
          if (x > 10 && x < 100) {
            return 2;
          }
          return x < 0 ? -1 : 1;
        }

        int main(int argc, char **argv) {
          int total = 0;
          for (int i = 1; i < argc; i++) {
            total += classify(atoi(argv[i]));
          }
          printf("%d\\n", total);
          return 0;
        }

        """
      ),
    ] {
      try text.write(toFile: "\(project)/\(file)", atomically: true, encoding: .utf8)
    }
    let tools = CLIHarness.toolchainBin
    func succeed(_ tool: String, _ arguments: [String], environment: [String: String] = [:])
      throws -> String
    {
      try CLIHarness.succeed(tool, arguments, in: project, environment: environment)
    }
    _ = try succeed(
      "\(tools)/clang",
      ["-fprofile-instr-generate", "-fcoverage-mapping", "src/calc.c", "-o", "calc"])
    var tracefiles: [String] = []
    for (run, arguments) in [["5", "50"], ["-5"]].enumerated() {
      _ = try succeed(
        "\(project)/calc", arguments, environment: ["LLVM_PROFILE_FILE": "run\(run).profraw"])
      _ = try succeed(
        "\(tools)/llvm-profdata", ["merge", "-o", "run\(run).profdata", "run\(run).profraw"])
      let lcov = try succeed(
        "\(tools)/llvm-cov",
        ["export", "-format=lcov", "-instr-profile=run\(run).profdata", "calc"])
      XCTAssertTrue(lcov.contains("BRDA:"), "clang measured no branch: \(lcov)")
      tracefiles.append("\(project)/run\(run).lcov")
      try lcov.write(toFile: tracefiles[run], atomically: true, encoding: .utf8)
    }
    func brda(_ path: String) throws -> [String] {
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        .filter { $0.hasPrefix("BRDA:") }.map(String.init).sorted()
    }
    /// lcov's own branch figure of a tracefile: (hit, found).
    func lcovBranches(_ path: String) throws -> [Int] {
      let summary = try CLIHarness.run(
        "/usr/bin/env", ["lcov", "--summary", path, "--rc", "lcov_branch_coverage=1"])
      let line = try XCTUnwrap(
        (summary.stdout + summary.stderr).split(separator: "\n").first { $0.contains("branches") })
      let words = line.split(whereSeparator: { " .:(%)".contains($0) })
      let of = try XCTUnwrap(words.firstIndex(of: "of"))
      return [Int(words[of - 1])!, Int(words[of + 1])!]
    }
    let merged = "\(project)/merged.lcov"
    _ = try succeed(
      "/usr/bin/env",
      [
        "lcov", "--quiet", "--rc", "lcov_branch_coverage=1", "-a", tracefiles[0], "-a",
        tracefiles[1], "-o", merged,
      ])

    let output = "\(project)/out"
    let checked = try CLIHarness.run(
      CLIHarness.covgate,
      ["check", "--lcov", tracefiles[0], "--output", output, "--no-history", "--format", "all"],
      in: project)
    XCTAssertEqual(checked.exitCode, 0, checked.stderr)
    let totals = try XCTUnwrap(try report(output)["totals"] as? [String: [String: Any]])
    let branches = [
      totals["branches"]?["covered"] as? Int ?? -1, totals["branches"]?["count"] as? Int ?? -1,
    ]
    XCTAssertEqual(branches, try lcovBranches(tracefiles[0]))
    XCTAssertEqual(branches, [6, 8], "clang's outcomes of `&&`, `?:` and the loop")
    XCTAssertEqual(try brda("\(output)/coverage.lcov"), try brda(tracefiles[0]), "as measured")
    let text = try String(contentsOfFile: "\(output)/covgate.txt", encoding: .utf8)
    XCTAssertTrue(text.contains("Branches as the data's producer measured them"), text)
    let markdown = try String(contentsOfFile: "\(output)/covgate.md", encoding: .utf8)
    XCTAssertTrue(markdown.contains("Branches (measured)"), markdown)

    // init in the Bazel workspace: its packages (BUILD folders) as the targets, said so.
    let initial = try CLIHarness.run(CLIHarness.covgate, ["init"], in: project)
    XCTAssertEqual(initial.exitCode, 0, initial.stderr)
    let config = try String(contentsOfFile: "\(project)/.covgate.yml", encoding: .utf8)
    XCTAssertTrue(
      config.contains("for \((project as NSString).lastPathComponent), a Bazel workspace"), config)
    XCTAssertTrue(config.contains("    \"src\": \"src\""), config)
    let configured = try CLIHarness.run(
      CLIHarness.covgate,
      ["check", "--lcov", tracefiles[0], "--output", "\(project)/out-init", "--no-history"],
      in: project)
    XCTAssertEqual(configured.exitCode, 0, configured.stdout + configured.stderr)

    // Two runs merge outcome by outcome, as lcov's own merge does.
    let both = try CLIHarness.run(
      CLIHarness.covgate,
      [
        "check", "--lcov", tracefiles[0], "--lcov", tracefiles[1], "--output", "\(project)/out2",
        "--no-history", "--format", "json", "--format", "lcov",
      ], in: project)
    XCTAssertEqual(both.exitCode, 0, both.stderr)
    let mergedTotals = try XCTUnwrap(
      try report("\(project)/out2")["totals"] as? [String: [String: Any]])
    XCTAssertEqual(
      [
        mergedTotals["branches"]?["covered"] as? Int ?? -1,
        mergedTotals["branches"]?["count"] as? Int ?? -1,
      ], try lcovBranches(merged))
    XCTAssertEqual(try brda("\(project)/out2/coverage.lcov"), try brda(merged))

    // A branch threshold gates the measured figure.
    try "overall:\n  branches: { minimum: 90 }\n".write(
      toFile: "\(project)/.covgate.yml", atomically: true, encoding: .utf8)
    let gated = try CLIHarness.run(
      CLIHarness.covgate,
      ["check", "--lcov", tracefiles[0], "--output", "\(project)/out3", "--no-history"],
      in: project)
    XCTAssertEqual(gated.exitCode, 1, gated.stdout + gated.stderr)
    XCTAssertTrue(gated.stdout.contains("branches 75.00% (6/8)"), gated.stdout)
  }
}
