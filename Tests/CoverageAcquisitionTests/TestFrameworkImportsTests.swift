import CoverageModel
import CovgateSupport
import Foundation
import XCTest

@testable import CoverageAcquisition

final class TestFrameworkImportsTests: XCTestCase {
  private func imports(_ text: String) -> Bool {
    Array(text.utf8).withUnsafeBufferPointer {
      TestFrameworkImports.imports(TestFrameworkImports.modules, in: $0)
    }
  }

  func testFindsImportsOfXCTestAndTestingWithAttributesAndAccessLevels() {
    XCTAssertTrue(imports("import XCTest\n"))
    XCTAssertTrue(imports("import Foundation\nimport Testing"))
    XCTAssertTrue(imports("@testable import Lib\n@_exported import XCTest\n"))
    XCTAssertTrue(imports("public import Testing // for #expect\n"))
    XCTAssertTrue(imports("  import   XCTest\n"))
  }

  func testIgnoresLookalikes() {
    XCTAssertFalse(imports("import XCTestDynamicOverlay\n"))
    XCTAssertFalse(imports("import TestingSupport\n"))
    XCTAssertFalse(imports("// we never import XCTest here\n"))
    XCTAssertFalse(imports("let text = \"import XCTest\"\n"))
    XCTAssertFalse(imports("import Foundation\n"))
    XCTAssertFalse(imports(""))
  }

  func testOnlyTargetsThatCouldBeTestSupportAreCandidates() {
    let lib = TargetInfo(name: "Lib", kind: .library, path: "Sources/Lib", sources: [])
    let fakes = TargetInfo(
      name: "Fakes", kind: .library, path: "Sources/Fakes", sources: [], dependencies: ["Lib"])
    let deep = TargetInfo(name: "Deep", kind: .library, path: "Sources/Deep", sources: [])
    let used = TargetInfo(name: "Used", kind: .library, path: "Sources/Used", sources: [])
    let app = TargetInfo(
      name: "App", kind: .executable, path: "Sources/App", sources: [],
      dependencies: ["Lib", "Used"])
    let tests = TargetInfo(
      name: "T", kind: .test, path: "Tests/T", sources: [], dependencies: ["Fakes", "Used"])
    let fakesOfFakes = TargetInfo(
      name: "More", kind: .library, path: "Sources/More", sources: [], dependencies: ["Deep"])
    let moreTests = TargetInfo(
      name: "U", kind: .test, path: "Tests/U", sources: [], dependencies: ["More", "Shipped"])
    let shipped = TargetInfo(
      name: "Shipped", kind: .library, path: "Sources/Shipped", sources: [], products: ["Shipped"])
    let candidates = TestFrameworkImports.candidates([
      lib, fakes, deep, used, app, tests, fakesOfFakes, moreTests, shipped,
    ])
    // Lib and Used have a production dependent; Deep is used only by More, a candidate itself;
    // a product ships Shipped, though only tests use it.
    XCTAssertEqual(candidates, ["Fakes", "More", "Deep"])
  }

  func testMarksCandidatesFromTheirSourcesOnDisk() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "imports-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(
      atPath: "\(root)/Sources/Fakes", withIntermediateDirectories: true)
    try "import Foundation\n".write(
      toFile: "\(root)/Sources/Fakes/A.swift", atomically: true, encoding: .utf8)
    try "import XCTest\nfinal class Spy {}\n".write(
      toFile: "\(root)/Sources/Fakes/B.swift", atomically: true, encoding: .utf8)
    let fakes = TargetInfo(
      name: "Fakes", kind: .library, path: "Sources/Fakes",
      sources: ["Sources/Fakes/A.swift", "Sources/Fakes/B.swift"])
    let tests = TargetInfo(
      name: "T", kind: .test, path: "Tests/T", sources: [], dependencies: ["Fakes"])
    let marked = TestFrameworkImports.marked(
      PackageInfo(name: "P", root: root, targets: [fakes, tests])
    ) { RegularFile.bytes(atPath: "\(root)/\($0)").map { String(decoding: $0, as: UTF8.self) } }
    XCTAssertEqual(marked.targets.map(\.importsTestFramework), [true, false])
    XCTAssertEqual(
      marked.testSupportRule(marked.targets[0]),
      "only tests use it and it imports XCTest or Testing")
  }

  /// The texts come from the reader given (the run's sources, read once), not from the disk.
  func testMarksCandidatesFromTheTextsGiven() {
    let fakes = TargetInfo(
      name: "Fakes", kind: .library, path: "Sources/Fakes",
      sources: ["Sources/Fakes/A.swift", "Sources/Fakes/B.swift"])
    let helpers = TargetInfo(
      name: "Helpers", kind: .library, path: "Sources/Helpers", sources: ["Sources/Helpers/C.swift"]
    )
    let tests = TargetInfo(
      name: "T", kind: .test, path: "Tests/T", sources: [], dependencies: ["Fakes", "Helpers"])
    let texts = [
      "Sources/Fakes/A.swift": "import Foundation\n",
      "Sources/Fakes/B.swift": "@testable import Testing\n",
    ]
    var asked: [String] = []
    let marked = TestFrameworkImports.marked(
      PackageInfo(name: "P", root: "/nowhere", targets: [fakes, helpers, tests])
    ) { path in
      asked.append(path)
      return texts[path]
    }
    XCTAssertEqual(marked.targets.map(\.importsTestFramework), [true, false, false])
    XCTAssertEqual(
      asked, ["Sources/Fakes/A.swift", "Sources/Fakes/B.swift", "Sources/Helpers/C.swift"])
  }
}
