import Foundation
import XCTest

/// A package that declares targets but no products, as small and app-internal packages do, with
/// a test-support target of fakes: its library is measured, the fakes are told apart by what they
/// are, and the figures equal llvm-cov's on the same files.
final class ProductlessEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var package = ""

  override class func setUp() {
    super.setUp()
    package = SampleCopy.make("productless")
    let manifest = """
      // swift-tools-version:5.9
      import PackageDescription

      let package = Package(
        name: "Sample",
        targets: [
          .target(name: "Pricing"),
          .target(name: "PricingFakes", dependencies: ["Pricing"]),
          .testTarget(name: "PricingTests", dependencies: ["Pricing", "PricingFakes"]),
        ]
      )
      """
    let fakes = """
      import Pricing
      import XCTest

      /// A spy the tests share: counts what it is asked.
      public final class PriceSpy {
        public private(set) var calls = 0
        public init() {}
        public func record() { calls += 1 }
      }
      """
    let test = """
      import PricingFakes
      import XCTest

      final class SpyTests: XCTestCase {
        func testTheSpyCounts() {
          let spy = PriceSpy()
          spy.record()
          XCTAssertEqual(spy.calls, 1)
        }
      }
      """
    try! manifest.write(toFile: "\(package)/Package.swift", atomically: true, encoding: .utf8)
    for folder in ["Untested", "PricingCLI"] {
      try? FileManager.default.removeItem(atPath: "\(package)/Sources/\(folder)")
    }
    try! FileManager.default.createDirectory(
      atPath: "\(package)/Sources/PricingFakes", withIntermediateDirectories: true)
    try! fakes.write(
      toFile: "\(package)/Sources/PricingFakes/PriceSpy.swift", atomically: true, encoding: .utf8)
    try! test.write(
      toFile: "\(package)/Tests/PricingTests/SpyTests.swift", atomically: true, encoding: .utf8)
  }

  override class func tearDown() {
    SampleCopy.remove(Self.package)
    super.tearDown()
  }

  func testTheLibraryOfAPackageWithoutProductsIsMeasuredAndItsFakesAreNot() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    let package = Self.package
    let output = "\(package)/out"
    let result = try CLIHarness.run(
      CLIHarness.covgate, ["run", "--output", output, "--no-history"], in: package)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let report = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(output)/covgate.json"))) as? [String: Any])
    let files = (report["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    XCTAssertEqual(files, ["Sources/Pricing/Price.swift", "Sources/Pricing/Tax.swift"])
    let excluded = (report["excludedFiles"] as? [[String: Any]] ?? []).map {
      ($0["path"] as? String ?? "", $0["reason"] as? String ?? "")
    }
    XCTAssertTrue(
      excluded.contains {
        $0 == (
          "Sources/PricingFakes/PriceSpy.swift",
          "test-support target PricingFakes (only tests use it and it imports XCTest or Testing)"
        )
      }, "\(excluded)")
    let expected = try CLIHarness.llvmCovTotal(
      profile: "\(package)/.build/debug/codecov/default.profdata",
      binary: "\(package)/.build/debug/SamplePackageTests.xctest",
      ignoring: "\\.build|Tests|PricingFakes")
    let totals = try XCTUnwrap(report["totals"] as? [String: [String: Any]])
    for (metric, figures) in expected {
      XCTAssertEqual(totals[metric]?["count"] as? Int, figures.count, metric)
      XCTAssertEqual(totals[metric]?["covered"] as? Int, figures.count - figures.missed, metric)
    }
  }
}
