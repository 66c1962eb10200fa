import CoverageModel
import Foundation
import XCTest

@testable import CoverageGate

final class ConfigLoaderTests: XCTestCase {
  private let file = "pkg/.covgate.yml"

  /// The error `text` is rejected with, failing the test when it parses.
  private func error(_ text: String, line: UInt = #line) -> ConfigError? {
    do {
      let config = try ConfigLoader.parse(text, file: file)
      XCTFail("parsed into \(config)", line: line)
      return nil
    } catch let error as ConfigError {
      return error
    } catch {
      XCTFail("not a ConfigError: \(error)", line: line)
      return nil
    }
  }

  private func assertError(
    _ text: String, at location: (Int, Int)?, contains parts: [String], line: UInt = #line
  ) {
    guard let error = error(text, line: line) else { return }
    XCTAssertEqual(error.file, file, line: line)
    if let location {
      XCTAssertEqual(error.line, location.0, "line of: \(error)", line: line)
      XCTAssertEqual(error.column, location.1, "column of: \(error)", line: line)
    }
    for part in parts {
      XCTAssertTrue(error.message.contains(part), "'\(part)' not in: \(error.message)", line: line)
    }
  }

  func testFullConfigParses() throws {
    let text = """
      version: 1
      layers:
        logic:
          default: true
          lines: {minimum: 60, target: 70}
          functions: 50
        ui:
          gated: false
          targets: ["*UI", App]
          kinds: [executable]
          paths: Sources/**/Views/*.swift
      exclude:
        - Sources/**/Generated/*.swift
        - Sources/Legacy/**
      file_minimum:
        lines: 20
      overall:
        regions: {minimum: 40.5}
        lines: "55%"
      targets_without_data: fail
      """
    let config = try ConfigLoader.parse(text, file: file)
    let expected = GateConfig(
      layers: [
        LayerConfig(
          name: "logic", isDefault: true,
          thresholds: [
            .lines: Threshold(minimum: 60, target: 70), .functions: Threshold(minimum: 50),
          ]),
        LayerConfig(
          name: "ui", gated: false, targets: [Glob("*UI"), Glob("App")],
          paths: [Glob("Sources/**/Views/*.swift")],
          kinds: [.executable]),
      ],
      exclude: [Glob("Sources/**/Generated/*.swift"), Glob("Sources/Legacy/**")],
      fileMinimum: [.lines: 20],
      overall: [.regions: Threshold(minimum: 40.5), .lines: Threshold(minimum: 55)],
      targetsWithoutData: .fail, source: file, layersFromFile: true)
    XCTAssertEqual(config, expected)
  }

  func testTargetOnlyThreshold() throws {
    let config = try ConfigLoader.parse(
      "layers:\n  all:\n    default: true\n    lines: {target: 80}\n", file: file)
    XCTAssertEqual(config.layers.first?.thresholds, [.lines: Threshold(minimum: nil, target: 80)])
  }

  func testMissingSectionsKeepDefaults() throws {
    let config = try ConfigLoader.parse("version: 1\n", file: file)
    XCTAssertEqual(config.layers, GateConfig.defaults.layers)
    XCTAssertEqual(config.exclude, [])
    XCTAssertEqual(config.fileMinimum, [:])
    XCTAssertEqual(config.overall, [:])
    XCTAssertEqual(config.targetsWithoutData, .warn)
    XCTAssertEqual(config.source, file)
  }

  func testEmptyFileIsTheDefaults() throws {
    let config = try ConfigLoader.parse("", file: file)
    XCTAssertEqual(config.layers, GateConfig.defaults.layers)
    XCTAssertEqual(config.source, file)
    XCTAssertEqual(
      try ConfigLoader.parse("# only a comment\n", file: file).layers, GateConfig.defaults.layers)
  }

  func testUnknownTopLevelKeyGivesLineColumnAndValidKeys() {
    assertError(
      "version: 1\nlayer:\n  logic: {default: true}\n", at: (2, 1),
      contains: [
        "unknown key 'layer' in the top level", "did you mean 'layers'?",
        "valid keys: version, layers, exclude, test_support, file_minimum, function_minimum, overall, targets_without_data",
      ])
  }

  func testUnknownLayerKeyGivesLineColumnAndValidKeys() {
    assertError(
      "layers:\n  logic:\n    default: true\n    line: 60\n", at: (4, 5),
      contains: [
        "unknown key 'line' in layer 'logic'", "did you mean 'lines'?",
        "valid keys: gated, default, targets, paths, kinds, max_risk, function_minimum, mutation, lines, functions, instantiations, regions, branches",
      ])
  }

  func testUnknownThresholdKey() {
    assertError(
      "layers:\n  logic:\n    default: true\n    lines: {minimum: 60, goal: 70}\n", at: (4, 26),
      contains: ["unknown key 'goal'", "valid keys: minimum, target"])
  }

  func testWrongTypes() {
    assertError("layers: [logic, ui]\n", at: (1, 9), contains: ["layers must be a mapping"])
    assertError("- a\n- b\n", at: (1, 1), contains: ["the top level must be a mapping"])
    assertError(
      "layers:\n  logic:\n    default: maybe\n", at: (3, 14),
      contains: ["layer 'logic': default must be true or false"])
    assertError(
      "layers:\n  logic:\n    targets: {a: 1}\n", at: (3, 14),
      contains: ["layer 'logic': targets must be a list of text"])
    assertError(
      "layers:\n  logic:\n    default: true\n    lines: sixty\n", at: (4, 12),
      contains: ["layer 'logic': lines must be a percentage from 0 to 100"])
    assertError(
      "targets_without_data: sometimes\n", at: (1, 23),
      contains: ["targets_without_data must be one of ignore, warn, fail"])
    assertError("exclude: [[a]]\n", at: (1, 11), contains: ["exclude must be a list of text"])
    assertError(
      "layers:\n  logic:\n    kinds: [test]\n", at: nil,
      contains: ["unknown kind 'test'", "valid kinds: library, executable"])
  }

  func testThresholdsOutsideZeroToHundredAreRejected() {
    assertError(
      "layers:\n  logic:\n    default: true\n    lines: 101\n", at: (4, 12),
      contains: ["layer 'logic': lines is 101, outside 0-100"])
    assertError(
      "layers:\n  logic:\n    default: true\n    lines: {minimum: -1}\n", at: (4, 22),
      contains: ["layer 'logic': lines.minimum is -1, outside 0-100"])
    assertError(
      "file_minimum:\n  lines: 100.5\n", at: (2, 10), contains: ["file_minimum.lines is 100.5"])
    assertError(
      "overall:\n  lines: .nan\n", at: (2, 10), contains: ["overall.lines must be a percentage"])
  }

  func testBoundaryThresholdsAreAccepted() throws {
    let config = try ConfigLoader.parse(
      "overall:\n  lines: 0\n  regions: 100\n  functions: {minimum: 0, target: 100}\n", file: file)
    XCTAssertEqual(
      config.overall,
      [
        .lines: Threshold(minimum: 0), .regions: Threshold(minimum: 100),
        .functions: Threshold(minimum: 0, target: 100),
      ])
  }

  func testTargetBelowMinimumIsRejected() {
    assertError(
      "overall:\n  lines: {minimum: 70, target: 60}\n", at: (2, 10),
      contains: ["overall.lines: target 60 is below minimum 70"])
  }

  func testBranchDerivationIsOnUnlessTheConfigTurnsItOff() throws {
    XCTAssertTrue(try ConfigLoader.parse("version: 1\n", file: file).derivesBranches)
    XCTAssertFalse(
      try ConfigLoader.parse("branches:\n  derive: false\n", file: file).derivesBranches)
    assertError("branches:\n  derive: maybe\n", at: (2, 11), contains: ["branches.derive"])
    assertError("branches:\n  derived: true\n", at: (2, 3), contains: ["derived"])
  }

  func testBranchThresholdsAreAcceptedOnTheDerivedBranches() throws {
    let config = try ConfigLoader.parse(
      "overall:\n  branches: {minimum: 50, target: 70}\nfile_minimum:\n  branches: 40\n", file: file
    )
    XCTAssertEqual(config.overall, [.branches: Threshold(minimum: 50, target: 70)])
    assertError(
      "overall:\n  branches: 101\n", at: (2, 13),
      contains: ["overall.branches is 101, outside 0-100"])
  }

  func testInvalidYAMLGivesLine() {
    guard let error = error("layers:\n  logic: {default: true\nexclude: []\n") else { return }
    XCTAssertNotNil(error.line)
    XCTAssertTrue(error.message.hasPrefix("invalid YAML: "), error.message)
    assertError(
      "version: 1\nlayers: a: b\n", at: (2, 10),
      contains: ["invalid YAML: mapping values are not allowed"])
  }

  /// A flow mapping left open on line 9 is reported where it opens, not at the end of the file.
  func testAnUnclosedBraceIsReportedWhereItOpens() {
    var lines = [
      "version: 1", "layers:", "  logic:", "    default: true", "", "  # glue", "  ui:",
      "    gated: false",
    ]
    lines.append("    targets: { minimum: 60")
    lines += (10...28).map { "# filler \($0)" }
    guard let error = error(lines.joined(separator: "\n") + "\n") else { return }
    XCTAssertEqual(error.line, 9, "\(error)")
    XCTAssertEqual(error.column, 14, "\(error)")
    XCTAssertTrue(error.message.contains("not closed"), error.message)
  }

  func testDuplicateKeysGiveLine() throws {
    guard
      let error = error(
        "version: 1\nlayers:\n  a:\n    default: true\n  a:\n    kinds: [executable]\n")
    else {
      return
    }
    XCTAssertEqual(error.line, 5)
    XCTAssertTrue(error.message.contains("duplicate"), error.message)
  }

  func testTwoDefaultLayersAreRejected() {
    assertError(
      "layers:\n  a:\n    default: true\n  b:\n    default: true\n", at: (2, 3),
      contains: ["only one layer can be `default: true`"])
  }

  func testLayerThatMatchesNothingIsRejected() {
    assertError(
      "layers:\n  logic:\n    default: true\n  views:\n    gated: false\n", at: (5, 5),
      contains: ["layer 'views' matches nothing", "targets, paths or kinds", "default: true"])
  }

  func testEmptyLayersAreRejected() {
    assertError("layers: {}\n", at: (1, 9), contains: ["layers is empty"])
  }

  func testOnlyVersionOneIsAccepted() {
    assertError("version: 2\n", at: (1, 10), contains: ["version must be 1"])
    assertError("version: one\n", at: (1, 10), contains: ["version must be 1"])
  }

  func testEveryErrorIsOneLineStartingWithTheFileName() {
    let bad = [
      "nope: 1\n", "layers:\n  logic:\n    line: 60\n", "layers: [a]\n", "version: 2\n",
      "overall:\n  lines: 101\n", "overall:\n  lines: {minimum: 70, target: 60}\n",
      "overall:\n  branch: 1\n", "layers: {a: {default: true}, b: {default: true}}\n",
      "layers:\n  a: {gated: false}\n", "layers: a: b\n", "key: [unclosed\n", "\"unterminated\n",
      "targets_without_data: 1\n", "layers:\n  logic:\n    kinds: [plugin]\n", "a: 1\na: 2\n",
    ]
    for text in bad {
      guard let error = error(text) else { continue }
      let description = error.description
      XCTAssertTrue(description.hasPrefix(file + ":"), description)
      XCTAssertFalse(description.contains("\n"), "more than one line: \(description)")
      XCTAssertFalse(error.message.isEmpty)
    }
  }

  func testDescriptionShowsLineAndColumn() {
    XCTAssertEqual(
      ConfigError(file: "c.yml", line: 3, column: 7, message: "bad").description, "c.yml:3:7: bad")
    XCTAssertEqual(ConfigError(file: "c.yml", line: 3, message: "bad").description, "c.yml:3: bad")
    XCTAssertEqual(ConfigError(file: "c.yml", message: "bad").description, "c.yml: bad")
  }

  func testLoadMissingOptionalFileIsNil() throws {
    XCTAssertNil(
      try ConfigLoader.load(path: "/nonexistent/\(UUID().uuidString)/.covgate.yml", required: false)
    )
  }

  func testLoadMissingRequiredFileIsAnError() {
    let path = "/nonexistent/\(UUID().uuidString).yml"
    XCTAssertThrowsError(try ConfigLoader.load(path: path, required: true)) { error in
      let error = error as? ConfigError
      XCTAssertEqual(error?.file, path)
      XCTAssertTrue(error?.message.contains("covgate init") ?? false)
    }
  }

  func testLoadReadsTheFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-\(UUID().uuidString).yml")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("targets_without_data: ignore\n".utf8).write(to: url)
    let config = try XCTUnwrap(try ConfigLoader.load(path: url.path, required: true))
    XCTAssertEqual(config.targetsWithoutData, .ignore)
    XCTAssertEqual(config.source, url.path)
  }

  func testLoadRejectsNonUTF8() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-\(UUID().uuidString).yml")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data([0xFF, 0xFE, 0x00, 0x80]).write(to: url)
    XCTAssertThrowsError(try ConfigLoader.load(path: url.path, required: false)) { error in
      XCTAssertEqual((error as? ConfigError)?.message, "the file is not UTF-8 text")
    }
  }
}
