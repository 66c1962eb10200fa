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
      XCTAssertTrue("\($0)".contains("has no Package.swift and no folder with Swift sources"))
    }
  }
}
