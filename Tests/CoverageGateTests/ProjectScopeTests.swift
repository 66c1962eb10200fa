import CoverageModel
import XCTest

@testable import CoverageGate

/// A project without Package.swift: what Xcode's builds mix into its coverage is left out by
/// folder, with its reason; the app's own folders are kept.
final class ProjectScopeTests: XCTestCase {
  private let root = "/Users/runner/work/shop/shop"

  private var project: PackageInfo {
    PackageInfo(
      name: "Shop", root: root,
      targets: [
        TargetInfo(name: "App", kind: .library, path: "App", sources: []),
        TargetInfo(name: "AppTests", kind: .test, path: "AppTests", sources: []),
      ],
      project: ProjectLayout(xcodeProjects: ["Shop.xcodeproj"]))
  }

  private func file(_ path: String) -> FileCoverage {
    FileCoverage(path: path, summary: Summary(lines: Metric(covered: 1, count: 2)))
  }

  func testXcodesFoldersAreLeftOutWithTheirReasons() throws {
    let paths = [
      "\(root)/App/Models/Cart.swift",
      "\(root)/App/Generated/Strings.swift",
      "\(root)/App/R.generated.swift",
      "\(root)/AppTests/CartTests.swift",
      "\(root)/App/SnapshotTests/Helper.swift",
      "\(root)/Pods/Alamofire/Session.swift",
      "\(root)/Carthage/Checkouts/Kit/Kit.swift",
      "\(root)/build/DerivedData/Build/Intermediates/X.swift",
      "\(root)/Tools/Script.swift",
      "/Users/runner/Library/Developer/Xcode/DerivedData/Shop-a/SourcePackages/checkouts/Money/Money.swift",
    ]
    let result = try Scoper(package: project, exclude: []).scope(
      CoverageData(files: paths.map(file), capabilities: .llvmCov), pathMaps: [])
    XCTAssertEqual(result.files.map(\.path), ["App/Models/Cart.swift"])
    let reasons = Dictionary(uniqueKeysWithValues: result.excluded.map { ($0.path, $0.reason) })
    XCTAssertEqual(reasons["App/Generated/Strings.swift"], "generated source (Generated)")
    XCTAssertEqual(reasons["App/R.generated.swift"], "generated source (R.generated.swift)")
    XCTAssertEqual(reasons["AppTests/CartTests.swift"], "test sources (AppTests)")
    XCTAssertEqual(reasons["App/SnapshotTests/Helper.swift"], "test sources (SnapshotTests)")
    XCTAssertEqual(reasons["Pods/Alamofire/Session.swift"], "a CocoaPods dependency (Pods)")
    XCTAssertEqual(reasons["Carthage/Checkouts/Kit/Kit.swift"], "a Carthage dependency (Carthage)")
    XCTAssertEqual(
      reasons["build/DerivedData/Build/Intermediates/X.swift"], "Xcode's build output (DerivedData)"
    )
    XCTAssertEqual(
      reasons["Tools/Script.swift"],
      "in no target of the project (name its folder in the config's project.targets)")
    XCTAssertEqual(
      reasons[
        "/Users/runner/Library/Developer/Xcode/DerivedData/Shop-a/SourcePackages/checkouts/Money/Money.swift"
      ],
      "outside the project: a Swift package Xcode checked out (SourcePackages)")
  }

  func testAPackageKeepsItsOwnFoldersWhateverTheirNames() throws {
    var package = project
    package.project = nil
    package.targets[0].path = "Sources/Generated"
    let result = try Scoper(package: package, exclude: []).scope(
      CoverageData(files: [file("\(root)/Sources/Generated/Cart.swift")], capabilities: .llvmCov),
      pathMaps: [])
    XCTAssertEqual(result.files.map(\.path), ["Sources/Generated/Cart.swift"])
  }

  /// A project whose sources sit at its root is one target (`project.targets: { Lib: . }`):
  /// it holds every file no other target's folder holds, at the top or in a folder.
  func testATargetAtTheRootHoldsEveryFileNoOtherTargetHolds() throws {
    var package = project
    package.project = nil
    package.targets = [
      TargetInfo(name: "Lib", kind: .library, path: "", sources: []),
      TargetInfo(name: "LibTests", kind: .test, path: "tests", sources: []),
    ]
    let result = try Scoper(package: package, exclude: []).scope(
      CoverageData(
        files: ["\(root)/main.c", "\(root)/src/util.c", "\(root)/tests/test_main.c"].map(file),
        capabilities: .llvmCov),
      pathMaps: [])
    XCTAssertEqual(result.files.map(\.path), ["main.c", "src/util.c"])
    XCTAssertEqual(result.files.map(\.target), ["Lib", "Lib"])
    XCTAssertEqual(result.excluded.map(\.path), ["tests/test_main.c"])
  }

  func testTheAppDefaultsTellUIGlueByFolderAndName() throws {
    let config = GateConfig.appDefaults
    let glue = try XCTUnwrap(config.layers.first { $0.name == "ui-glue" })
    XCTAssertFalse(glue.gated)
    let target = project.targets[0]
    for path in [
      "App/Views/CartView.swift", "App/Screens/ProductRowView.swift",
      "App/ViewControllers/Home.swift", "App/Home/HomeViewController.swift",
    ] {
      XCTAssertTrue(glue.matches(target: target, file: path), path)
    }
    for path in [
      "App/Models/Cart.swift", "App/ViewModels/CartViewModel.swift", "App/Services/Preview.swift",
    ] {
      XCTAssertFalse(glue.matches(target: target, file: path), path)
    }
  }

  func testProjectTargetsAreReadFromTheConfigAndChecked() throws {
    let config = try ConfigLoader.parse(
      "project:\n  targets:\n    App: App/\n    Kit: Modules/Kit\n", file: ".covgate.yml")
    XCTAssertEqual(
      config.projectTargets,
      [
        ProjectTarget(name: "App", folder: "App"),
        ProjectTarget(name: "Kit", folder: "Modules/Kit"),
      ])
    let rooted = try ConfigLoader.parse(
      "project:\n  targets:\n    App: .\n", file: ".covgate.yml")
    XCTAssertEqual(rooted.projectTargets, [ProjectTarget(name: "App", folder: "")])
    for bad in ["../elsewhere", "/abs", "a/../b", "a//b"] {
      XCTAssertThrowsError(
        try ConfigLoader.parse("project:\n  targets:\n    App: \(bad)\n", file: ".covgate.yml"), bad
      ) { XCTAssertTrue("\($0)".contains("must be a folder inside the project"), "\($0)") }
    }
    XCTAssertThrowsError(try ConfigLoader.parse("project:\n  target: {}\n", file: ".covgate.yml")) {
      XCTAssertTrue(
        "\($0)".contains("unknown key 'target' in project (did you mean 'targets'?)"), "\($0)")
    }
  }
}
