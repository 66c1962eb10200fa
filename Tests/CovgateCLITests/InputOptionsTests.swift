import ArgumentParser
import CoverageModel
import CovgateKit
import XCTest

@testable import CovgateCLI

/// The CLI's input options are the kit's input formats' (`InputFormats`): each format's options
/// exist, with its help, and which kinds may be read together is the registry's rule.
final class InputOptionsTests: XCTestCase {
  /// A format added to the registry without its CLI property fails here.
  func testEveryOptionOfEveryFormatIsParsedUnderItsName() throws {
    for format in InputFormats.all {
      // All of a format's options at once: some need another (`--profdata` its `--object`).
      let values = Dictionary(
        uniqueKeysWithValues: format.options.map { ($0.name, ["v-\($0.name)"]) })
      let parsed = try CoverageInputOptions.parse(
        format.options.flatMap { ["--\($0.name)", "v-\($0.name)"] })
      XCTAssertEqual(
        parsed.given.byOption, values,
        "an option of \(format.id) is not one of CoverageInputOptions' properties, or not read into `given`"
      )
    }
  }

  func testEachOptionsHelpIsItsFormatsDeclaration() {
    let help = CoverageInputOptions.helpMessage(columns: 10_000)
    for option in InputFormats.all.flatMap(\.options) {
      XCTAssertTrue(help.contains("--\(option.name) <\(option.valueName)>"), "--\(option.name)")
      XCTAssertTrue(help.contains(option.help), "the help of --\(option.name)")
    }
  }

  func testTwoKindsOfInputAreRefusedWithBothNamed() {
    XCTAssertThrowsError(
      try CoverageInputOptions.parse(["--lcov", "a.info", "--input", "b.json"])
    ) { error in
      let message = CoverageInputOptions.message(for: error)
      XCTAssertTrue(
        message.contains("llvm-cov export JSON, build folder or profile (--input)"), message)
      XCTAssertTrue(message.contains("LCOV tracefile (--lcov)"), message)
      XCTAssertTrue(message.contains("never added up"), message)
    }
    XCTAssertThrowsError(
      try CoverageInputOptions.parse(["--xcresult", "a.xcresult", "--xccov-report", "r.json"]))
  }

  func testOneFormatsOptionsGoTogether() throws {
    XCTAssertNoThrow(
      try CoverageInputOptions.parse([
        "--xccov-report", "r.json", "--xccov-archive", "a.json", "--xccov-report", "s.json",
        "--xccov-archive", "b.json",
      ]))
    XCTAssertNoThrow(
      try CoverageInputOptions.parse(["--input", "a.json", "--from-build", ".build/debug"]))
    XCTAssertThrowsError(try CoverageInputOptions.parse(["--profdata", "x.profdata"])) { error in
      XCTAssertEqual(
        CoverageInputOptions.message(for: error),
        "--profdata needs at least one --object BINARY (the app or test binary it has counts for)")
    }
    XCTAssertThrowsError(try CoverageInputOptions.parse(["--object", "App"]))
  }

  func testAReadFormatsSourceIsItsReaderWithAbsolutePaths() throws {
    let options = try CoverageInputOptions.parse(["--cobertura", "a.xml", "--cobertura", "/b.xml"])
    let here = FileManager.default.currentDirectoryPath
    XCTAssertEqual(
      options.source,
      .read(.cobertura, InputFiles(["cobertura": ["\(here)/a.xml", "/b.xml"]])))
    XCTAssertEqual(
      try CoverageInputOptions.parse(["--input", "e.json"]).source,
      .exports(["e.json"], buildFolder: nil, profile: nil), "exports stay as given")
    XCTAssertEqual(try CoverageInputOptions.parse([]).source, .exports([]), "nothing given")
  }
}
