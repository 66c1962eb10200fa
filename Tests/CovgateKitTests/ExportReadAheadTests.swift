import XCTest

@testable import CovgateKit

/// The export a command line names, found before the parser runs.
final class ExportReadAheadTests: XCTestCase {
  func testOneInputOfACheckIsReadAhead() {
    XCTAssertEqual(
      ExportReadAhead.exportChecked(by: ["check", "--input", "a.json", "--format", "html"]),
      "a.json")
    XCTAssertEqual(
      ExportReadAhead.exportChecked(by: ["check", "--quiet", "--input=b.json"]), "b.json")
  }

  func testAnythingElseIsNotReadAhead() {
    for arguments in [
      ["run", "--input", "a.json"],  // not a check
      ["check", "--input", "a.json", "--input", "b.json"],  // merged: read as they are
      ["check", "--input", "a.json", "--from-build", ".build/debug"],
      ["check", "--from-build=.build/debug"],
      ["check", "--", "--input", "a.json"],
      ["check", "--input"],  // no value
      ["--input", "a.json", "check"],
      [],
    ] {
      XCTAssertNil(ExportReadAhead.exportChecked(by: arguments), "\(arguments)")
    }
  }

  func testTheReadAheadIsTakenOnlyForItsPathAndOptionsAndOnce() throws {
    let path = NSTemporaryDirectory() + "covgate-read-ahead-\(UUID().uuidString).json"
    try
      #"{"type":"llvm.coverage.json.export","version":"2.0.1","data":[{"files":[],"functions":[]}]}"#
      .write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let readAhead = try XCTUnwrap(ExportReadAhead.begin(arguments: ["check", "--input", path]))

    XCTAssertNil(try readAhead.take(path: path + "x", options: ExportReadAhead.options))
    XCTAssertNil(try readAhead.take(path: path, options: .init(functions: false, lineViews: true)))
    XCTAssertNotNil(try readAhead.take(path: path, options: ExportReadAhead.options))
    XCTAssertNil(try readAhead.take(path: path, options: ExportReadAhead.options))
  }
}
