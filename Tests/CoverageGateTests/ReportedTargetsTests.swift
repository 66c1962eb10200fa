import CoverageModel
import XCTest

@testable import CoverageGate

/// The targets an xccov report names become a project's targets: named after the product,
/// test bundles as tests, each holding exactly the project files the report lists for it.
final class ReportedTargetsTests: XCTestCase {
  private let root = "/work/shop"
  private let elsewhere = "/Users/runner/work/shop/shop"

  /// The project as found by looking (its top-level folders): only to place the report's paths.
  private var folders: PackageInfo {
    PackageInfo(
      name: "Shop", root: root,
      targets: [
        TargetInfo(name: "App", kind: .library, path: "App", sources: []),
        TargetInfo(name: "AppTests", kind: .test, path: "AppTests", sources: []),
      ],
      project: ProjectLayout(xcodeProjects: ["Shop.xcodeproj"]))
  }

  func testProductsAreNamedWithoutTheirExtensionAndTestBundlesAreTests() {
    let names = [
      "TurnipTime.app", "StringTagProcessor.framework", "Shared.bundle", "TurnipTimeTests.xctest",
      "TurnipTimeUITests-Runner.app/PlugIns/TurnipTimeUITests.xctest", "Widget.appex",
      "libKit.a", "Tool",
    ].map { ReportedTargets.productName($0) }
    XCTAssertEqual(
      names.map(\.name),
      [
        "TurnipTime", "StringTagProcessor", "Shared", "TurnipTimeTests", "TurnipTimeUITests",
        "Widget", "libKit", "Tool",
      ])
    XCTAssertEqual(names.map(\.isTest), [false, false, false, true, true, false, false, false])
  }

  func testAnotherMachinesPathsArePlacedAndDependenciesAreNoTargetsFiles() {
    let reported = [
      ProducerTarget(
        name: "Shop.app",
        files: [
          "\(elsewhere)/App/Models/Cart.swift", "\(elsewhere)/App/Services/Price.swift",
          "\(elsewhere)/Pods/Alamofire/Session.swift",
          "/Users/runner/Library/Developer/Xcode/DerivedData/Shop-a/SourcePackages/checkouts/Money/Money.swift",
        ]),
      ProducerTarget(name: "Alamofire.framework", files: ["\(elsewhere)/Pods/Alamofire/A.swift"]),
      ProducerTarget(name: "AppTests.xctest", files: ["\(elsewhere)/AppTests/CartTests.swift"]),
      ProducerTarget(
        name: "Tool.app",
        files: ["\(elsewhere)/.buildkite/Tool/Main.swift", "\(elsewhere)/.build/debug/Gen.swift"]),
    ]
    let targets = ReportedTargets.targets(reported, package: folders, pathMaps: [])
    XCTAssertEqual(
      targets.map(\.name), ["Shop", "Tool", "AppTests"], "a dependency's target is dropped")
    XCTAssertEqual(targets[1].sources, [".buildkite/Tool/Main.swift"], "build output is not")
    XCTAssertEqual(targets[0].sources, ["App/Models/Cart.swift", "App/Services/Price.swift"])
    XCTAssertEqual(targets[0].path, "App")
    XCTAssertEqual(targets.map(\.kind), [.library, .library, .test])
    XCTAssertTrue(targets.allSatisfy(\.holdsListedFilesOnly))
  }

  /// Two targets in one folder keep their own files when scoped, which folders cannot do.
  func testTwoTargetsInOneFolderEachKeepTheFilesTheReportListsForThem() throws {
    let reported = [
      ProducerTarget(
        name: "Shop.app", files: ["\(root)/App/Cart.swift", "\(root)/App/Price.swift"]),
      ProducerTarget(name: "ShopKit.framework", files: ["\(root)/App/Money.swift"]),
    ]
    var project = folders
    project.targets = ReportedTargets.targets(reported, package: folders, pathMaps: [])
    XCTAssertEqual(project.targets.map(\.path), ["App", "App"])
    XCTAssertFalse(ReportedTargets.separableByFolder(project.targets))
    let data = CoverageData(
      files: ["App/Cart.swift", "App/Money.swift", "App/Price.swift", "App/Other.swift"].map {
        FileCoverage(path: "\(root)/\($0)", summary: Summary(lines: Metric(covered: 1, count: 2)))
      }, capabilities: .llvmCov)
    let scoped = try Scoper(package: project, exclude: []).scope(data, pathMaps: [])
    XCTAssertEqual(
      Dictionary(uniqueKeysWithValues: scoped.files.map { ($0.path, $0.target) }),
      ["App/Cart.swift": "Shop", "App/Money.swift": "ShopKit", "App/Price.swift": "Shop"])
    XCTAssertEqual(scoped.excluded.map(\.path), ["App/Other.swift"], "no target lists it")
  }

  func testFoldersSeparateTargetsOnlyWhenNoFileLiesInAnothersFolder() {
    func target(_ name: String, _ path: String, _ sources: [String]) -> TargetInfo {
      TargetInfo(name: name, kind: .library, path: path, sources: sources)
    }
    XCTAssertTrue(
      ReportedTargets.separableByFolder([
        target("App", "App", ["App/A.swift", "App/Models/B.swift"]),
        target("UI", "App/Views", ["App/Views/V.swift"]),
      ]))
    XCTAssertFalse(
      ReportedTargets.separableByFolder([
        target("App", "App", ["App/A.swift", "App/Views/Helper.swift"]),
        target("UI", "App/Views", ["App/Views/V.swift"]),
      ]), "App's file in UI's folder would go to UI")
    XCTAssertFalse(
      ReportedTargets.separableByFolder([target("App", "", ["A.swift", "B/C.swift"])]),
      "the root is no target's folder")
    XCTAssertEqual(
      ReportedTargets.commonFolder(["App/Models/A.swift", "App/Models/Deep/B.swift"]),
      "App/Models")
    XCTAssertEqual(ReportedTargets.commonFolder(["App/A.swift", "Shared/B.swift"]), "")
  }
}
