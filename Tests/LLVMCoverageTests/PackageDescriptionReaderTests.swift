import CoverageModel
import Foundation
import XCTest

@testable import LLVMCoverage

/// The byte reader takes what `PackageInfo`'s `Codable` conformance takes, and nothing else.
final class PackageDescriptionReaderTests: XCTestCase {
  private let package = PackageInfo(
    name: "Sample \"quoted\" é", root: "/work/Sample",
    targets: [
      TargetInfo(
        name: "Core", kind: .library, path: "Sources/Core",
        sources: ["Sources/Core/A.swift", "Sources/Core/Ü\\n.swift"], isClang: false,
        products: ["Core"], dependencies: []),
      TargetInfo(
        name: "CoreTests", kind: .test, path: "Tests/CoreTests", sources: [], isClang: false,
        products: [], dependencies: ["Core"]),
      TargetInfo(
        name: "CLib", kind: .systemLibrary, path: "Sources/CLib", sources: ["Sources/CLib/c.c"],
        isClang: true, products: [], dependencies: []),
    ])

  func testReadsWhatJSONEncoderWrites() throws {
    for formatting in [JSONEncoder.OutputFormatting(), [.prettyPrinted, .sortedKeys]] {
      let encoder = JSONEncoder()
      encoder.outputFormatting = formatting
      let data = try encoder.encode(package)
      XCTAssertEqual(PackageDescriptionReader.read(data), package)
      XCTAssertEqual(
        PackageDescriptionReader.read(data), try JSONDecoder().decode(PackageInfo.self, from: data))
    }
  }

  func testSkipsKeysItDoesNotKnowAsTheDecoderDoes() throws {
    let text = """
      {"extra": {"a": [1, 2, {"b": null}]}, "name": "P", "root": "/p", "targets": [
        {"name": "T", "kind": "executable", "path": "Sources/T", "sources": [], "isClang": false,
         "products": [], "dependencies": [], "importsTestFramework": true, "more": 1}]}
      """
    let data = Data(text.utf8)
    let decoded = try JSONDecoder().decode(PackageInfo.self, from: data)
    XCTAssertEqual(PackageDescriptionReader.read(data), decoded)
    XCTAssertEqual(PackageDescriptionReader.read(data)?.targets.first?.importsTestFramework, false)
  }

  /// Each of these leaves the reading to the decoder, which names the mistake.
  func testAnswersNilForWhatTheDecoderWouldRejectOrReadDifferently() throws {
    let target =
      #"{"name": "T", "kind": "library", "path": "S", "sources": [], "isClang": false, "products": [], "dependencies": []}"#
    let cases = [
      "", "{ not json", "[]", "null",
      #"{"name": "P", "root": "/p"}"#,
      #"{"name": "P", "root": "/p", "targets": null}"#,
      #"{"name": 1, "root": "/p", "targets": []}"#,
      #"{"name": "P", "name": "Q", "root": "/p", "targets": []}"#,
      #"{"name": "P", "root": "/p", "targets": []} trailing"#,
      #"{"name": "P", "root": "/p", "targets": [\#(target.replacingOccurrences(of: "\"library\"", with: "\"gadget\""))]}"#,
      #"{"name": "P", "root": "/p", "targets": [\#(target.replacingOccurrences(of: "\"isClang\": false", with: "\"isClang\": 0"))]}"#,
      #"{"name": "P", "root": "/p", "targets": [\#(target.replacingOccurrences(of: ", \"dependencies\": []", with: ""))]}"#,
      #"{"name": "P", "root": "/p", "targets": [\#(target.replacingOccurrences(of: "\"path\": \"S\"", with: "\"path\": \"S\", \"path\": \"R\""))]}"#,
      #"{"name": "P", "root": "/p", "targets": [\#(target.replacingOccurrences(of: "\"sources\": []", with: "\"sources\": [1]"))]}"#,
    ]
    for text in cases {
      XCTAssertNil(PackageDescriptionReader.read(Data(text.utf8)), text)
    }
    // The unchanged target is read: the cases above fail for their one change.
    let valid = #"{"name": "P", "root": "/p", "targets": [\#(target)]}"#
    XCTAssertEqual(PackageDescriptionReader.read(Data(valid.utf8))?.targets.count, 1)
  }
}
