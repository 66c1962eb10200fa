import Foundation
import XCTest

/// Bad input of every kind gets one line on stderr naming the cause, the documented exit code,
/// no stack trace, and leaves the previous reports untouched.
final class HostileInputEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var package = ""
  nonisolated(unsafe) private static var export = ""

  override class func setUp() {
    super.setUp()
    package = SampleCopy.make("hostile")
    export = "\(package)/.build/debug/codecov/Sample.json"
  }

  override class func tearDown() {
    SampleCopy.remove(package)
    super.tearDown()
  }

  private var package: String { Self.package }
  private var output: String { "\(package)/out" }

  /// One bad input: files to write (package-relative), arguments, and what must come out.
  struct Case {
    var name: String
    var files: [String: Data] = [:]
    var arguments: [String]
    var exitCode: Int32
    var message: String
  }

  private func json(_ text: String) -> Data { Data(text.utf8) }
  private let header = #"{"type":"llvm.coverage.json.export","version":"3.0.1","data":"#

  private func exportCases() -> [Case] {
    func check(_ name: String, _ body: Data, _ message: String) -> Case {
      Case(
        name: name, files: ["bad.json": body], arguments: ["check", "--input", "bad.json"],
        exitCode: 2, message: message)
    }
    let file = #"{"filename":"/p/A.swift","summary":{"lines":{"count":1,"covered":1}}"#
    var invalidUTF8 = Data(#"{"data":[{"files":[{"filename":"/p/"#.utf8)
    invalidUTF8 += Data([0xC3, 0x28])
    invalidUTF8 += Data(
      #".swift","summary":{}}]}],"type":"llvm.coverage.json.export","version":"3.0.1"}"#.utf8)
    return [
      check("empty file", Data(), "is empty"),
      check("truncated", json(header + #"[{"files":[{"filename":"/p/A"#), "is truncated"),
      check("not JSON", json("hello, world"), "not an llvm-cov export"),
      check("JSON array", json("[1,2,3]"), "not an llvm-cov export"),
      check(
        "another JSON document", json(#"{"name":"x","version":"1.0"}"#), "not an llvm-cov export"),
      check(
        "another export type", json(#"{"type":"other","version":"3.0.1","data":[]}"#), "its type is"
      ),
      check(
        "unknown version", json(#"{"type":"llvm.coverage.json.export","version":"9.9","data":[]}"#),
        "export format 9.9"),
      check("data is an object", json(header + "{}}"), "expected an array"),
      check("files hold a number", json(header + #"[{"files":[42]}]}"#), "expected an object"),
      check(
        "filename is a number", json(header + #"[{"files":[{"filename":7,"summary":{}}]}]}"#),
        "expected a string"),
      check(
        "summary missing", json(header + #"[{"files":[{"filename":"/p/A.swift"}]}]}"#),
        "has no \"summary\""),
      check(
        "negative count",
        json(
          header
            + #"[{"files":[{"filename":"/p/A.swift","summary":{"lines":{"count":-1,"covered":0}}}]}]}"#
        ), "summary.lines.count is a negative number"),
      check(
        "covered above count",
        json(
          header
            + #"[{"files":[{"filename":"/p/A.swift","summary":{"lines":{"count":1,"covered":9}}}]}]}"#
        ), "covers 9 of 1"),
      check(
        "fractional count",
        json(
          header
            + #"[{"files":[{"filename":"/p/A.swift","summary":{"lines":{"count":1e400,"covered":0}}}]}]}"#
        ), "whole number"),
      check(
        "NaN",
        json(
          header
            + #"[{"files":[{"filename":"/p/A.swift","summary":{"lines":{"count":1,"covered":1,"percent":NaN}}}]}]}"#
        ), "unexpected character"),
      check(
        "segment past any real line",
        json(
          header + "[{\"files\":[" + file + #","segments":[[99999999999,1,1,true,true,false]]}]}]}"#
        ), "segments[0] line is 99999999999, out of range"),
      check(
        "segments out of order",
        json(
          header + "[{\"files\":[" + file
            + #","segments":[[9,1,1,true,true,false],[3,1,0,false,false,false]]}]}]}"#),
        "out of order"),
      check(
        "segment with 9 fields",
        json(
          header + "[{\"files\":[" + file + #","segments":[[1,1,1,true,true,false,1,2,3]]}]}]}"#),
        "more than 6 fields"),
      check(
        "deep nesting", json(header + #"[{"extra":"# + String(repeating: "[", count: 200_000)),
        "nesting deeper than"),
      check("invalid UTF-8", invalidUTF8, "not valid UTF-8"),
      check(
        "control character in a string",
        json(header + "[{\"files\":[{\"filename\":\"/p/\u{01}.swift\",\"summary\":{}}]}]}"),
        "control character"),
      check("trailing garbage", json(header + "[]} {}"), "trailing characters"),
      check(
        "enormous filename of other code",
        json(
          header + #"[{"files":[{"filename":"/elsewhere/"#
            + String(repeating: "a", count: 5_000_000) + #".swift","summary":{}}]}]}"#),
        "covers none of the package's sources"),
      check("no files at all", json(header + #"[{"files":[]}]}"#), "holds no files"),
      Case(
        name: "missing input", arguments: ["check", "--input", "nowhere.json"], exitCode: 2,
        message: "no such file"),
    ] + realExportCases()
  }

  /// The real export of the Sample package with one number broken in one of its own files: each
  /// an error naming the record and the field, never a figure.
  private func realExportCases() -> [Case] {
    let real = (try? String(contentsOfFile: Self.export, encoding: .utf8)) ?? ""
    let price = #""filename":"\#(package)/Sources/Pricing/Price.swift""#
    func broken(
      _ name: String, _ pattern: String, _ value: String, format: String = "json", _ message: String
    ) -> Case {
      // The first match after Price.swift's file record starts (or in its function records).
      var text = real
      let start = text.range(of: price)?.upperBound ?? text.startIndex
      if let match = text.range(
        of: pattern, options: .regularExpression, range: start..<text.endIndex)
      {
        text.replaceSubrange(
          match,
          with: text[match].replacingOccurrences(
            of: #"[0-9]+$"#, with: value, options: .regularExpression))
      }
      XCTAssertNotEqual(text, real, "\(name): the pattern did not match")
      return Case(
        name: name, files: ["bad.json": Data(text.utf8)],
        arguments: ["check", "--input", "bad.json", "--format", format], exitCode: 2,
        message: message)
    }
    let digits300 = String(repeating: "7", count: 300)
    return [
      broken(
        "lines count of 300 digits", #""lines":\{"count":[0-9]+"#, digits300,
        "the file record of \(package)/Sources/Pricing/Price.swift: summary.lines.count is 777777777777777777777777... (300 digits), out of range"
      ),
      broken(
        "functions covered beyond 64 bits", #""functions":\{"count":[0-9]+,"covered":[0-9]+"#,
        "18446744073709551616", "summary.functions.covered is 18446744073709551616, out of range"),
      broken(
        "regions count beyond 32 bits", #""regions":\{"count":[0-9]+"#, "4294967296",
        "summary.regions.count is 4294967296, out of range"),
      broken(
        "segment count beyond llvm-cov's clamp", #""segments":\[\[[0-9]+,[0-9]+,[0-9]+"#,
        "9223372036854775808", "segments[0] count is 9223372036854775808, out of range"),
      broken(
        "segment column beyond 32 bits", #""segments":\[\[[0-9]+,[0-9]+"#, "99999999999",
        "segments[0] column is 99999999999, out of range"),
      broken(
        "segment line no source has", #""segments":\[\[[0-9]+"#, "123456789012",
        "segments[0] line is 123456789012, out of range"),
      broken(
        "function count beyond 64 bits",
        #""count":[0-9]+(?=,"filenames":\["[^"]*/Price\.swift"\])"#, digits300, format: "lcov",
        "count is 777777777777777777777777... (300 digits), out of range"),
      broken(
        "region column beyond 32 bits",
        #"Price.swift"\],"mcdc_records":\[\],"name":"[^"]*","regions":\[\[[0-9]+,[0-9]+"#,
        "4294967296", format: "lcov", "regions[0] start column is 4294967296, out of range"),
      broken(
        "region count beyond llvm-cov's clamp",
        #"Price.swift"\],"mcdc_records":\[\],"name":"[^"]*","regions":\[\[[0-9]+,[0-9]+,[0-9]+,[0-9]+,[0-9]+"#,
        "9223372036854775808", format: "lcov",
        "regions[0] count is 9223372036854775808, out of range"),
      Case(
        name: "input is a folder", arguments: ["check", "--input", "Sources"], exitCode: 2,
        message: "it is a folder"),
      Case(
        name: "export of other code", arguments: ["check", "--input", CLIHarness.yamsExport],
        exitCode: 2, message: "covers none of the package's sources"),
    ]
  }

  private func configCases() -> [Case] {
    func config(_ name: String, _ yaml: String, _ message: String) -> Case {
      Case(
        name: name, files: ["bad.yml": Data(yaml.utf8)],
        arguments: ["check", "--input", Self.export, "--config", "bad.yml"], exitCode: 2,
        message: message)
    }
    return [
      config("unknown top-level key", "versoin: 1\n", "bad.yml:1:1: unknown key 'versoin'"),
      config(
        "unknown layer key", "layers:\n  logic:\n    default: true\n    minimun: 60\n",
        "bad.yml:4:5: unknown key 'minimun'"),
      config(
        "wrong type", "layers:\n  logic:\n    default: true\n    lines: high\n",
        "must be a percentage"),
      config(
        "threshold above 100", "layers:\n  logic:\n    default: true\n    lines: 150\n",
        "outside 0-100"),
      config(
        "negative threshold", "layers:\n  logic:\n    default: true\n    lines: -5\n",
        "outside 0-100"),
      config(
        "target below minimum",
        "layers:\n  logic:\n    default: true\n    lines: {minimum: 80, target: 70}\n",
        "target 70 is below minimum 80"),
      config(
        "misspelled metric", "layers:\n  logic:\n    default: true\n    branch: 50\n", "valid keys"),
      config(
        "overlapping layers",
        "layers:\n  a:\n    targets: [Pricing]\n  b:\n    targets: [\"Pric*\"]\n",
        "is in both layers 'a' and 'b'"),
      config(
        "layer matching nothing",
        "layers:\n  logic:\n    default: true\n  views:\n    targets: [\"*Views\"]\n",
        "layer 'views' matches no measured target"),
      config("invalid YAML", "layers:\n  logic: [\n", "invalid YAML"),
      config(
        "unclosed brace",
        "layers:\n  logic:\n    lines: { minimum: 60\n    default: true\n# one\n# two\n",
        "bad.yml:3:12: invalid YAML: the { mapping that starts here is not closed"),
      config(
        "misspelled target", "layers:\n  logic:\n    targets: [Pricng]\n",
        "bad.yml:3:15: layer 'logic': target 'Pricng' is not a target of the package (did you mean 'Pricing'?)"
      ),
      Case(
        name: "misspelled target before the build",
        files: ["bad.yml": Data("layers:\n  logic:\n    targets: [Pricng]\n".utf8)],
        arguments: ["run", "--config", "bad.yml"], exitCode: 2,
        message: "bad.yml:3:15: layer 'logic': target 'Pricng'"),
      config(
        "duplicate keys", "layers:\n  a:\n    default: true\n  a:\n    gated: false\n",
        "duplicate key 'a'"),
      config("layers not a mapping", "layers: [logic]\n", "layers must be a mapping"),
      config("bad policy", "targets_without_data: maybe\n", "must be one of ignore, warn, fail"),
      config("version 2", "version: 2\n", "version must be 1"),
      Case(
        name: "config not UTF-8", files: ["bad.yml": Data([0xFF, 0xFE, 0x00, 0x41])],
        arguments: ["check", "--input", Self.export, "--config", "bad.yml"], exitCode: 2,
        message: "not UTF-8"),
      Case(
        name: "missing config",
        arguments: ["check", "--input", Self.export, "--config", "none.yml"], exitCode: 2,
        message: "no such config file"),
    ]
  }

  private func flagCases() -> [Case] {
    [
      Case(
        name: "check without input", arguments: ["check"], exitCode: 64,
        message: "needs at least one --input"),
      Case(
        name: "unknown format", arguments: ["check", "--input", Self.export, "--format", "pdf"],
        exitCode: 64, message: "unknown format 'pdf'"),
      Case(
        name: "path map without =",
        arguments: ["check", "--input", Self.export, "--path-map", "nothing"], exitCode: 64,
        message: "--path-map takes OLD=NEW"),
      Case(
        name: "unknown option", arguments: ["check", "--input", Self.export, "--colour"],
        exitCode: 64, message: "Unknown option '--colour'"),
      Case(
        name: "merge of profiles and exports",
        arguments: ["merge", "--output", "m.json", Self.export, "x.profraw"], exitCode: 64,
        message: "only profiles"),
      Case(
        name: "merge of a test map and an export",
        arguments: ["merge", "--output", "m.json", Self.export, "shard/covgate-test-map.json"],
        exitCode: 64,
        message: "test maps (covgate-test-map.json) only with other test maps"),
      Case(
        name: "zero timeout", arguments: ["run", "--timeout", "0"], exitCode: 64,
        message: "--timeout takes a whole number of seconds, at least 1, got 0"),
      Case(
        name: "timeout not a number", arguments: ["run", "--timeout", "soon"], exitCode: 64,
        message: "'soon' is invalid for '--timeout"),
      Case(
        name: "timeout on check", arguments: ["check", "--input", Self.export, "--timeout", "5"],
        exitCode: 64, message: "Unknown option '--timeout'"),
      Case(
        name: "output is a file", files: ["taken": Data("x".utf8)],
        arguments: ["check", "--input", Self.export, "--output", "taken"], exitCode: 2,
        message: "cannot write"),
      Case(
        name: "package path missing",
        arguments: ["check", "--input", Self.export, "--package-path", "nowhere"], exitCode: 2,
        message: "nowhere: no such folder; pass the folder that holds the package's Package.swift"),
      Case(
        name: "base outside git",
        arguments: ["check", "--input", Self.export, "--base", "origin/main"], exitCode: 2,
        message: "not in a git repository"),
      Case(
        name: "corrupt baseline", files: [".covgate-baseline.json": Data("{oops".utf8)],
        arguments: ["check", "--input", Self.export], exitCode: 2,
        message: "is not a covgate baseline"),
    ]
  }

  func testEveryKindOfBadInputIsOneLineWithItsExitCodeAndChangesNoReport() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    // A good run first: its reports must survive every bad one.
    try goodRun()
    let before = try snapshot(output)
    XCTAssertFalse(before.isEmpty)

    let cases = exportCases() + configCases() + flagCases()
    XCTAssertGreaterThanOrEqual(cases.count, 45)
    for testCase in cases {
      for (name, data) in testCase.files {
        try data.write(to: URL(fileURLWithPath: "\(package)/\(name)"))
      }
      defer {
        for name in testCase.files.keys {
          try? FileManager.default.removeItem(atPath: "\(package)/\(name)")
        }
      }
      var arguments = testCase.arguments + ["--no-history"]
      if testCase.arguments.first == "merge" { arguments.removeLast() }
      if !arguments.contains("--output") && testCase.arguments.first != "merge" {
        arguments += ["--output", output]
      }
      let result = try CLIHarness.run(CLIHarness.covgate, arguments, in: package)
      XCTAssertEqual(result.exitCode, testCase.exitCode, "\(testCase.name): \(result.stderr)")
      let lines = result.stderr.split(separator: "\n").filter {
        !$0.hasPrefix("covgate: evaluate") && !$0.hasPrefix("covgate: report")
      }
      XCTAssertEqual(lines.count, 1, "\(testCase.name) must say one line: \(result.stderr)")
      XCTAssertTrue(
        lines.first?.hasPrefix("covgate: error: ") ?? false, "\(testCase.name): \(result.stderr)")
      XCTAssertTrue(
        result.stderr.contains(testCase.message),
        "\(testCase.name): expected '\(testCase.message)' in \(result.stderr)")
      XCTAssertFalse(
        result.stderr.contains("Fatal error") || result.stderr.contains("Stack dump"), testCase.name
      )
      XCTAssertEqual(try snapshot(output), before, "\(testCase.name) changed the reports")
    }
  }

  /// Runs the tests once for the class: the real export every case starts from.
  private func goodRun() throws {
    guard !FileManager.default.fileExists(atPath: "\(output)/covgate.json") else { return }
    let good = try CLIHarness.run(
      CLIHarness.covgate, ["run", "--output", output, "--quiet", "--no-history"], in: package)
    XCTAssertEqual(good.exitCode, 0, good.stderr)
  }

  /// A file of the real export renamed to climb out of the package, and a source symlinked to a
  /// file outside it: both are listed as outside the package and count in no figure.
  func testPathsThatLeaveThePackageAreNeverMeasured() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    try goodRun()
    let outside = NSTemporaryDirectory() + "covgate-outside-\(UUID().uuidString).swift"
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try "let secret = 1\n".write(toFile: outside, atomically: true, encoding: .utf8)
    let climbing =
      "\(package)/Sources/Pricing/" + String(repeating: "../", count: 12)
      + String(outside.dropFirst())
    let tax = "\(package)/Sources/Pricing/Tax.swift"
    let link = "\(package)/Sources/Pricing/Linked.swift"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
    defer { try? FileManager.default.removeItem(atPath: link) }
    // Price.swift's record renamed to climb out; a copy of Tax.swift's record named after the link.
    var export = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.export)))
        as? [String: Any])
    var data = try XCTUnwrap((export["data"] as? [[String: Any]])?.first)
    var files = try XCTUnwrap(data["files"] as? [[String: Any]])
    let priceIndex = try XCTUnwrap(
      files.firstIndex { $0["filename"] as? String == "\(package)/Sources/Pricing/Price.swift" })
    files[priceIndex]["filename"] = climbing
    var linked = try XCTUnwrap(files.first { $0["filename"] as? String == tax })
    linked["filename"] = link
    files.append(linked)
    data["files"] = files
    export["data"] = [data]
    try JSONSerialization.data(withJSONObject: export).write(
      to: URL(fileURLWithPath: "\(package)/climbing.json"))
    defer { try? FileManager.default.removeItem(atPath: "\(package)/climbing.json") }

    let folder = "\(package)/out-climbing"
    let result = try CLIHarness.run(
      CLIHarness.covgate,
      ["check", "--input", "climbing.json", "--output", folder, "--format", "all", "--no-history"],
      in: package)
    XCTAssertTrue([0, 1].contains(result.exitCode), result.stderr)
    let report = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/covgate.json"))) as? [String: Any])
    let kept = (report["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    XCTAssertFalse(kept.isEmpty)
    XCTAssertEqual(kept, ["Sources/Pricing/Tax.swift"])
    let excluded = (report["excludedFiles"] as? [[String: Any]] ?? []).map {
      ($0["path"] as? String ?? "", $0["reason"] as? String ?? "")
    }
    XCTAssertTrue(
      excluded.contains { $0.0 == outside && $0.1.hasPrefix("outside the package") }, "\(excluded)")
    XCTAssertTrue(
      excluded.contains {
        $0.0 == "Sources/Pricing/Linked.swift"
          && $0.1 == "outside the package (a symlink to \(outside))"
      }, "\(excluded)")
    // No report file is named after either, inside the output folder or out of it.
    let written = try FileManager.default.subpathsOfDirectory(atPath: folder)
    XCTAssertFalse(
      written.contains {
        $0.contains("..") || $0.contains("covgate-outside") || $0.contains("Linked")
      }, "\(written)")
  }

  /// A file with an exclusion marker is recomputed from its function records: an export whose
  /// summary of that file disagrees with them is refused, one line, no report changed.
  func testASummaryThatDisagreesWithItsFunctionRecordsIsRefused() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    try goodRun()
    let before = try snapshot(output)
    let tax = "\(package)/Sources/Pricing/Tax.swift"
    let original = try String(contentsOfFile: tax, encoding: .utf8)
    defer { try? original.write(toFile: tax, atomically: true, encoding: .utf8) }
    try ("// covgate:ignore-next-line kept out in this test\n" + original).write(
      toFile: tax, atomically: true, encoding: .utf8)
    // The export was made before the marker line was added: shift nothing, forge one figure.
    var export = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.export)))
        as? [String: Any])
    var data = try XCTUnwrap((export["data"] as? [[String: Any]])?.first)
    var files = try XCTUnwrap(data["files"] as? [[String: Any]])
    let index = try XCTUnwrap(files.firstIndex { $0["filename"] as? String == tax })
    var summary = try XCTUnwrap(files[index]["summary"] as? [String: [String: Any]])
    let covered = try XCTUnwrap(summary["lines"]?["covered"] as? Int)
    summary["lines"]?["covered"] = covered - 1
    files[index]["summary"] = summary
    data["files"] = files
    export["data"] = [data]
    try JSONSerialization.data(withJSONObject: export).write(
      to: URL(fileURLWithPath: "\(package)/forged.json"))
    defer { try? FileManager.default.removeItem(atPath: "\(package)/forged.json") }

    let result = try CLIHarness.run(
      CLIHarness.covgate, ["check", "--input", "forged.json", "--output", output, "--no-history"],
      in: package)
    XCTAssertEqual(result.exitCode, 2, result.stderr)
    let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("covgate: evaluate") }
    XCTAssertEqual(lines.count, 1, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "covgate: error: the export's summary of Sources/Pricing/Tax.swift gives lines \(covered - 1)/"
      ),
      result.stderr)
    XCTAssertTrue(result.stderr.contains("its function records give \(covered)/"), result.stderr)
    XCTAssertEqual(try snapshot(output), before)
  }

  /// Every file in a folder with its bytes.
  private func snapshot(_ folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.subpathsOfDirectory(atPath: folder) {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: "\(folder)/\(name)", isDirectory: &isFolder),
        !isFolder.boolValue
      {
        files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))
      }
    }
    return files
  }
}
