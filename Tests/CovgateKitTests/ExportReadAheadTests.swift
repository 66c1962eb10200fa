import XCTest

@testable import CovgateKit

/// The export a command line names, found before the parser runs, read ahead and taken once.
final class ExportReadAheadTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "covgate-read-ahead-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "// swift-tools-version:6.0\n".write(
      toFile: "\(folder!)/Package.swift", atomically: true, encoding: .utf8)
    try
      #"{"type":"llvm.coverage.json.export","version":"2.0.1","data":[{"files":[],"functions":[]}]}"#
      .write(toFile: export, atomically: true, encoding: .utf8)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private var export: String { "\(folder!)/export.json" }

  func testOneInputOfACheckIsReadAheadWithItsPackagePath() {
    func checked(_ arguments: [String]) -> [String]? {
      ExportReadAhead.exportChecked(by: arguments).map { [$0.export, $0.packagePath] }
    }
    XCTAssertEqual(checked(["check", "--input", "a.json", "--format", "html"]), ["a.json", "."])
    XCTAssertEqual(checked(["check", "--quiet", "--input=b.json"]), ["b.json", "."])
    XCTAssertEqual(
      checked(["check", "--package-path", "p", "--input", "a.json"]), ["a.json", "p"])
    XCTAssertEqual(checked(["check", "--input", "a.json", "--package-path=q"]), ["a.json", "q"])
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

  /// Only for a package: an export checked elsewhere (no `Package.swift` at the package path)
  /// is read as the run needs it, maybe without its function records.
  func testAnExportIsReadAheadOnlyForAPackage() throws {
    XCTAssertNotNil(
      ExportReadAhead.begin(arguments: ["check", "--input", export, "--package-path", folder]))
    try FileManager.default.removeItem(atPath: "\(folder!)/Package.swift")
    XCTAssertNil(
      ExportReadAhead.begin(arguments: ["check", "--input", export, "--package-path", folder]))
  }

  func testTheReadAheadIsTakenOnlyForItsPathAndOptionsAndOnce() throws {
    let readAhead = ExportReadAhead(path: export)
    XCTAssertNotNil(try readAhead.take(path: export, options: ExportReadAhead.options))
    XCTAssertNil(try readAhead.take(path: export, options: ExportReadAhead.options))
  }

  /// Asked for another path or other options, the run reads the export itself: the read ahead
  /// is abandoned (it stops at its next record) and never taken after.
  func testAReadAheadNotWantedIsAbandoned() throws {
    for (path, options) in [
      (export + "x", ExportReadAhead.options), (export, .init(functions: false, lineViews: true)),
    ] {
      let readAhead = ExportReadAhead(path: export)
      XCTAssertNil(try readAhead.take(path: path, options: options))
      XCTAssertNil(try readAhead.take(path: export, options: ExportReadAhead.options))
    }
    let abandoned = ExportReadAhead(path: export)
    abandoned.abandon()
    XCTAssertNil(try abandoned.take(path: export, options: ExportReadAhead.options))
  }
}
