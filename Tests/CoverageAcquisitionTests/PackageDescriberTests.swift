import CoverageModel
import CovgateSupport
import XCTest

@testable import CoverageAcquisition

final class PackageDescriberTests: XCTestCase {
  /// What `swift package describe --type json` printed for Yams 6.2.2.
  private let describeFixture = Bundle.module.url(
    forResource: "Fixtures/swift-package-describe.json", withExtension: nil)!

  func testParsesRealDescribeOutputOfYams() throws {
    let info = try PackageDescriber.parse(
      Data(contentsOf: describeFixture), root: "/work/Yams")
    XCTAssertEqual(info.name, "Yams")
    let yams = try XCTUnwrap(info.targets.first { $0.name == "Yams" })
    XCTAssertEqual(yams.kind, .library)
    XCTAssertEqual(yams.path, "Sources/Yams")
    XCTAssertTrue(yams.sources.contains("Sources/Yams/Parser.swift"))
    XCTAssertEqual(yams.products, ["Yams"])
    XCTAssertEqual(info.targets.first { $0.name == "CYaml" }?.isClang, true)
    XCTAssertEqual(info.targets.first { $0.name == "YamsTests" }?.kind, .test)
    XCTAssertEqual(info.measuredTargets.map(\.name).sorted(), ["CYaml", "Yams"])
  }

  func testSkipsWarningsPrintedBeforeTheJSON() throws {
    let text = "warning: something\n" + (try String(contentsOf: describeFixture, encoding: .utf8))
    XCTAssertEqual(try PackageDescriber.parse(Data(text.utf8), root: "/r").targets.count, 3)
  }

  func testUnexpectedOutputIsAnError() {
    XCTAssertThrowsError(try PackageDescriber.parse(Data("{}".utf8), root: "/r")) { error in
      guard case .describeFailed = error as? ToolchainError else { return XCTFail("\(error)") }
    }
  }

  func testCachesByManifestAndListsSourcesFresh() throws {
    let root = try temporaryPackage()
    let json = try String(contentsOf: describeFixture, encoding: .utf8)
    let runner = RecordedRunner(captures: [
      "swift package describe --type json": CommandResult(exitCode: 0, stdout: json)
    ])
    let describer = PackageDescriber(swift: "swift", runner: runner)
    let cache = "\(root)/.build/covgate/.cache"
    _ = try describer.describe(root: root, cacheFolder: cache)
    try "public let x = 1\n".write(
      toFile: "\(root)/Sources/Yams/New.swift", atomically: true, encoding: .utf8)
    let second = try describer.describe(root: root, cacheFolder: cache)
    XCTAssertEqual(runner.commands.count, 1, "the second call must come from the cache")
    XCTAssertTrue(
      try XCTUnwrap(second.targets.first { $0.name == "Yams" }).sources.contains(
        "Sources/Yams/New.swift"))

    try "// changed\n".appendLine(to: "\(root)/Package.swift")
    _ = try describer.describe(root: root, cacheFolder: cache)
    XCTAssertEqual(runner.commands.count, 2, "a changed manifest must be described again")
  }

  func testAFolderWithoutManifestIsAnError() {
    let describer = PackageDescriber(swift: "swift", runner: RecordedRunner(captures: [:]))
    XCTAssertThrowsError(try describer.describe(root: NSTemporaryDirectory())) { error in
      guard case .describeFailed(_, let detail) = error as? ToolchainError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(detail, "there is no Package.swift")
    }
  }

  private func temporaryPackage() throws -> String {
    let root = NSTemporaryDirectory() + "covgate-describe-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: "\(root)/Sources/Yams", withIntermediateDirectories: true)
    try "// swift-tools-version:5.9\n".write(
      toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
    return root
  }
}

extension String {
  fileprivate func appendLine(to path: String) throws {
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(utf8))
    handle.closeFile()
  }
}

/// Cache keys tell apart inputs that differ in one or two bits, at any place of a word, and in
/// length alone; the same bytes always give the same key.
final class FingerprintTests: XCTestCase {
  func testEveryOneBitChangeAndEveryLengthGivesAnotherKey() {
    let original = Array("import Foundation\nfunc f() { if a { b() } }\n".utf8)
    var keys: Set<String> = [fingerprint(Data(original))]
    var count = 1
    for index in original.indices {
      for bit in 0..<8 {
        var changed = original
        changed[index] ^= 1 << bit
        keys.insert(fingerprint(Data(changed)))
        count += 1
        // And a second change anywhere after the first: an edit is rarely one bit.
        for other in (index + 1)..<original.count {
          var twice = changed
          twice[other] ^= 1 << ((bit + other) % 8)
          keys.insert(fingerprint(Data(twice)))
          count += 1
        }
      }
    }
    XCTAssertEqual(keys.count, count)
    let zeros = (0..<40).map { fingerprint(Data(repeating: 0, count: $0)) }
    XCTAssertEqual(Set(zeros).count, 40)
    XCTAssertEqual(fingerprint(Data(original)), fingerprint(Data(original)))
  }
}
