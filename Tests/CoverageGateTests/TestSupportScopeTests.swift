import CoverageModel
import XCTest

@testable import CoverageGate

/// Test support is told by what it is (used only by tests, importing XCTest or Testing and
/// shipped by no product, or named by the config), never by a package having no products.
final class TestSupportScopeTests: XCTestCase {
  private func package(_ targets: [TargetInfo]) -> PackageInfo {
    PackageInfo(name: "P", root: "/p", targets: targets)
  }

  private let tests = TargetInfo(
    name: "LibTests", kind: .test, path: "Tests/LibTests", sources: [],
    dependencies: ["Lib", "Fakes"])

  private func data(_ paths: [String]) -> CoverageData {
    CoverageData(
      files: paths.map {
        FileCoverage(path: "/p/" + $0, summary: Summary(lines: Metric(covered: 1, count: 2)))
      }, capabilities: .llvmCov)
  }

  func testThePackagesOnlyLibraryIsMeasuredWhenThePackageHasNoProducts() throws {
    let lib = TargetInfo(name: "Lib", kind: .library, path: "Sources/Lib", sources: [])
    let result = try Scoper(package: package([lib, tests]), exclude: []).scope(
      data(["Sources/Lib/A.swift"]), pathMaps: [])
    XCTAssertEqual(result.files.map(\.target), ["Lib"])
  }

  func testALibraryOnlyTestsUseAndThatImportsXCTestIsTestSupportWithItsRule() throws {
    let lib = TargetInfo(name: "Lib", kind: .library, path: "Sources/Lib", sources: [])
    let fakes = TargetInfo(
      name: "Fakes", kind: .library, path: "Sources/Fakes", sources: [], importsTestFramework: true)
    let result = try Scoper(package: package([lib, fakes, tests]), exclude: [])
      .scope(data(["Sources/Lib/A.swift", "Sources/Fakes/Fake.swift"]), pathMaps: [])
    XCTAssertEqual(result.files.map(\.target), ["Lib"])
    XCTAssertEqual(
      result.excluded.first?.reason,
      "test-support target Fakes (only tests use it and it imports XCTest or Testing)")
  }

  /// A testing library (swift-property-based, Nimble) is the package's code: a product ships
  /// it, though only the package's own tests use it and it imports Testing.
  func testALibraryAProductShipsIsMeasuredThoughOnlyTestsUseItAndItImportsTesting() throws {
    let library = TargetInfo(
      name: "Lib", kind: .library, path: "Sources/Lib", sources: [], products: ["Lib"],
      importsTestFramework: true)
    let package = package([library, tests])
    XCTAssertNil(package.testSupportRule(library))
    let result = try Scoper(package: package, exclude: []).scope(
      data(["Sources/Lib/A.swift"]), pathMaps: [])
    XCTAssertEqual(result.files.map(\.target), ["Lib"])
    XCTAssertEqual(
      package.testSupportRule(library, named: ["Lib"]), "named in test_support in the config")
  }

  func testALibraryThatImportsXCTestButThatProductionCodeUsesIsMeasured() {
    let helpers = TargetInfo(
      name: "Helpers", kind: .library, path: "Sources/Helpers", sources: [],
      importsTestFramework: true)
    let app = TargetInfo(
      name: "App", kind: .executable, path: "Sources/App", sources: [], dependencies: ["Helpers"])
    let tests = TargetInfo(
      name: "T", kind: .test, path: "Tests/T", sources: [], dependencies: ["Helpers"])
    let package = package([helpers, app, tests])
    XCTAssertNil(package.testSupportRule(helpers))
    XCTAssertEqual(package.measuredTargets.map(\.name), ["Helpers", "App"])
  }

  func testTheConfigCanNameTestSupportAndTheLayersNamingATargetWins() throws {
    let lib = TargetInfo(name: "Lib", kind: .library, path: "Sources/Lib", sources: [])
    let fixtures = TargetInfo(
      name: "Fixtures", kind: .library, path: "Sources/Fixtures", sources: [])
    let package = package([lib, fixtures, tests])
    let result = try Scoper(package: package, exclude: [], testSupport: ["Fixtures"])
      .scope(data(["Sources/Lib/A.swift", "Sources/Fixtures/F.swift"]), pathMaps: [])
    XCTAssertEqual(result.files.map(\.target), ["Lib"])
    XCTAssertEqual(
      result.excluded.first?.reason,
      "test-support target Fixtures (named in test_support in the config)")
    let named = try Scoper(
      package: package, exclude: [], namedTargets: ["Fixtures"], testSupport: ["Fixtures"]
    )
    .scope(data(["Sources/Fixtures/F.swift"]), pathMaps: [])
    XCTAssertEqual(named.files.map(\.target), ["Fixtures"])
  }

  func testCoversNoneNamesTheTargetsItLeftOutAndWhy() {
    let fakes = TargetInfo(
      name: "Fakes", kind: .library, path: "Sources/Fakes", sources: [], importsTestFramework: true)
    let tests = TargetInfo(
      name: "FakesTests", kind: .test, path: "Tests/FakesTests", sources: [],
      dependencies: ["Fakes"])
    let scoper = Scoper(package: package([fakes, tests]), exclude: [])
    XCTAssertThrowsError(
      try scoper.scope(data(["Sources/Fakes/F.swift", "Tests/FakesTests/T.swift"]), pathMaps: [])
    ) { error in
      let text = String(describing: error)
      XCTAssertTrue(
        text.contains(
          "test-support target Fakes (only tests use it and it imports XCTest or Testing)"), text)
      XCTAssertTrue(text.contains("test target FakesTests"), text)
      XCTAssertTrue(text.contains("name it in a layer"), text)
      XCTAssertFalse(text.contains("\n"))
    }
  }
}
