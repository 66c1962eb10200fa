import CoverageModel
import Foundation
import XCTest

@testable import CoverageAcquisition

/// A project without Package.swift described from its folders or its config.
final class ProjectDescriberTests: XCTestCase {
  private func makeProject(_ files: [String]) throws -> String {
    let root = NSTemporaryDirectory() + "covgate-project-\(UUID().uuidString)"
    for file in files {
      let path = "\(root)/\(file)"
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      FileManager.default.createFile(atPath: path, contents: Data("let x = 1\n".utf8))
    }
    addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
    return root
  }

  func testTopLevelFoldersWithSwiftAreTargetsAndTestFoldersAreTests() throws {
    let root = try makeProject([
      "Shop.xcodeproj/project.pbxproj", "App/Models/Cart.swift", "AppTests/CartTests.swift",
      "AppUITests/FlowTests.swift", "Pods/Kit/Kit.swift", "docs/readme.md", ".github/x.swift",
    ])
    let project = try ProjectDescriber.describe(root: root, targets: [])
    XCTAssertEqual(project.name, "Shop")
    XCTAssertEqual(project.project, ProjectLayout(xcodeProjects: ["Shop.xcodeproj"]))
    XCTAssertEqual(project.targets.map(\.name), ["App", "AppTests", "AppUITests"])
    XCTAssertEqual(project.targets.map(\.kind), [.library, .test, .test])
    XCTAssertEqual(project.targets[0].sources, ["App/Models/Cart.swift"])
    XCTAssertEqual(project.measuredTargets.map(\.name), ["App"])
    XCTAssertFalse(ProjectDescriber.isPackage(root: root))
  }

  func testTheConfigsTargetsReplaceTheFolders() throws {
    let root = try makeProject(["Modules/Kit/Kit.swift", "App/App.swift"])
    let project = try ProjectDescriber.describe(root: root, targets: [("Kit", "Modules/Kit")])
    XCTAssertEqual(project.targets.map(\.name), ["Kit"])
    XCTAssertEqual(project.targets[0].path, "Modules/Kit")
    XCTAssertEqual(
      project.name, (root as NSString).lastPathComponent, "no Xcode project: the folder")
    XCTAssertThrowsError(
      try ProjectDescriber.describe(root: root, targets: [("App", "Sources/App")])
    ) {
      XCTAssertEqual(
        $0 as? ProjectError, .missingFolder(root: root, target: "App", folder: "Sources/App"))
    }
  }

  func testAFolderWithoutSourcesIsAnErrorThatSaysWhatToPass() throws {
    let root = try makeProject(["AppTests/CartTests.swift", "notes.txt"])
    XCTAssertThrowsError(try ProjectDescriber.describe(root: root, targets: [])) {
      XCTAssertEqual($0 as? ProjectError, .noTargets(root: root))
      XCTAssertTrue(
        "\($0)".contains(
          "has no Package.swift and no folder with sources (Swift, Objective-C, C, C++)"))
    }
  }

  /// An Objective-C or mixed app: its folders count as targets whatever the language.
  func testObjectiveCAndMixedFoldersAreTargets() throws {
    let root = try makeProject([
      "Legacy.xcodeproj/project.pbxproj", "Legacy/AppDelegate.m", "Legacy/AppDelegate.h",
      "Core/Parser.mm", "Core/Model.swift", "Vendor/sqlite3.c", "LegacyTests/ParserTests.m",
    ])
    let project = try ProjectDescriber.describe(root: root, targets: [])
    XCTAssertEqual(project.targets.map(\.name), ["Core", "Legacy", "LegacyTests", "Vendor"])
    XCTAssertEqual(project.targets.map(\.kind), [.library, .library, .test, .library])
    XCTAssertEqual(project.targets[1].sources, ["Legacy/AppDelegate.m"])
  }

  /// A Bazel workspace: a target per package (a folder with BUILD or BUILD.bazel), named by
  /// its folder; Bazel's output links and external repositories are not looked into.
  func testABazelWorkspacesPackagesAreTargets() throws {
    let root = try makeProject([
      "MODULE.bazel", "Modules/Login/BUILD.bazel", "Modules/Login/Sources/Login.swift",
      "Modules/Login/Tests/BUILD", "Modules/Login/Tests/LoginTests.swift", "App/BUILD",
      "App/Main.swift", "bazel-out/k8/bin/App/BUILD", "external/dep/BUILD",
      "external/dep/Dep.swift",
      "Docs/readme.md",
    ])
    let project = try ProjectDescriber.describe(root: root, targets: [])
    XCTAssertEqual(project.targets.map(\.name), ["App", "Modules/Login", "Modules/Login/Tests"])
    XCTAssertEqual(project.targets.map(\.kind), [.library, .library, .test])
    XCTAssertTrue(ProjectDescriber.isBazelWorkspace(root: root))
  }
}
