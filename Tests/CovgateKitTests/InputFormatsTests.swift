import CoverageModel
import CoverageReaders
import Foundation
import XCTest

@testable import CovgateKit

/// The registry of input formats: docs/inputs.md's table is written from it, its options are
/// unique, and a read format's reader is what reads its files.
final class InputFormatsTests: XCTestCase {
  private static let docsPage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/inputs.md")
  private static let begin = "<!-- input formats: written from InputFormats.all -->\n"
  private static let end = "<!-- end of input formats -->"

  /// `COVGATE_WRITE_DOCS=1` rewrites the table instead of failing.
  func testTheDocsTableIsTheRegistrys() throws {
    let page = try String(contentsOf: Self.docsPage, encoding: .utf8)
    guard let start = page.range(of: Self.begin), let stop = page.range(of: Self.end) else {
      return XCTFail("docs/inputs.md has no table markers")
    }
    let table = InputFormats.markdownTable()
    if ProcessInfo.processInfo.environment["COVGATE_WRITE_DOCS"] == "1" {
      let written = page.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: table)
      try written.write(to: Self.docsPage, atomically: true, encoding: .utf8)
    }
    XCTAssertEqual(
      String(page[start.upperBound..<stop.lowerBound]), table,
      "docs/inputs.md's table is not InputFormats.all's: run COVGATE_WRITE_DOCS=1 swift test --filter InputFormatsTests"
    )
  }

  func testOptionsAndIDsAreUnique() {
    let options = InputFormats.all.flatMap(\.options).map(\.name)
    XCTAssertEqual(Set(options).count, options.count, "\(options)")
    let ids = InputFormats.all.map(\.id)
    XCTAssertEqual(Set(ids).count, ids.count, "\(ids)")
    XCTAssertEqual(Set(InputFormats.all.map(\.capabilities.source.id)).count, 4, "origins")
  }

  /// The registry's read formats read with their own reader: an LCOV file given to `--lcov`
  /// comes back as LCOV's data, counted.
  func testAReadFormatReadsItsFiles() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-input-formats-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("run.info")
    try "SF:\(folder.path)/A.swift\nDA:1,3\nDA:2,0\nend_of_record\n".write(
      to: file, atomically: true, encoding: .utf8)
    let source = try InputFormats.source(
      InputFiles(["lcov": [file.path]]), absolute: { $0 })
    guard case .read(let format, let files) = source, let read = format.read else {
      return XCTFail("--lcov is not read by a reader: \(String(describing: source))")
    }
    let data = try read(
      files, ReadContext(root: folder.path, lineCount: { _ in nil }, notice: { _ in }))
    XCTAssertEqual(data.capabilities, .lcov)
    XCTAssertEqual(data.files.map(\.summary.lines), [Metric(covered: 1, count: 2)])
  }

  func testNoInputIsNoSource() throws {
    XCTAssertNil(try InputFormats.source(InputFiles(), absolute: { $0 }))
  }
}
