import CoverageModel
import Foundation
import XCTest

@testable import LLVMCoverage

final class ExportWriterTests: XCTestCase {
  /// Written back, the real Yams export keeps llvm-cov's own segments, summaries and functions.
  func testRoundTripsTheRealYamsExport() throws {
    let source = Fixture.url("yams/swiftpm-export.json").path
    let data = try ExportReader.read(path: source, options: .init(functions: true))
    let written = try ExportWriter.write(data)

    let original = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Fixture.data("yams/swiftpm-export.json")) as? [String: Any]
    )
    let copy = try XCTUnwrap(JSONSerialization.jsonObject(with: written) as? [String: Any])
    XCTAssertEqual(copy["version"] as? String, "3.0.1")
    let originalExport = try XCTUnwrap((original["data"] as? [[String: Any]])?.first)
    let copyExport = try XCTUnwrap((copy["data"] as? [[String: Any]])?.first)
    let originalFiles = try XCTUnwrap(originalExport["files"] as? [[String: Any]]).sorted {
      ($0["filename"] as! String) < ($1["filename"] as! String)
    }
    let copyFiles = try XCTUnwrap(copyExport["files"] as? [[String: Any]])
    XCTAssertEqual(copyFiles.count, originalFiles.count)
    for (a, b) in zip(originalFiles, copyFiles) {
      XCTAssertEqual(a["filename"] as? String, b["filename"] as? String)
      XCTAssertEqual(
        a["segments"] as? NSArray, b["segments"] as? NSArray, a["filename"] as? String ?? "")
      for metric in ["lines", "functions", "instantiations", "regions"] {
        let x = (a["summary"] as? [String: [String: Any]])?[metric]
        let y = (b["summary"] as? [String: [String: Any]])?[metric]
        XCTAssertEqual(x?["count"] as? Int, y?["count"] as? Int, metric)
        XCTAssertEqual(x?["covered"] as? Int, y?["covered"] as? Int, metric)
      }
    }
    XCTAssertEqual(
      (copyExport["functions"] as? [[String: Any]])?.count,
      (originalExport["functions"] as? [[String: Any]])?.count)
    // And covgate reads its own output to the same model.
    let reread = try ExportReader.parse(
      written, source: "written.json", options: .init(functions: true))
    XCTAssertEqual(reread.files, data.files)
    XCTAssertEqual(reread.functions, data.functions)
  }

  func testQuotesStringsAsJSON() {
    XCTAssertEqual(ExportWriter.quoted("a\"b\\c\nd\u{1}"), #""a\"b\\c\nd\u0001""#)
  }
}
