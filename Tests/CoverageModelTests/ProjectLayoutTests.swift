import XCTest

@testable import CoverageModel

/// Why a project's file is left out, asked once per folder: the answer must be the one asked
/// for each file, a generated file's name included.
final class ProjectLayoutTests: XCTestCase {
  func testTheFolderMemoAnswersAsEachFileAskedAlone() {
    let folders = ["App", "Pods", "AppTests", "external", "bazel-out", "DerivedSources", "Core"]
    let names = ["A.swift", "B.generated.swift", "View.m", "Tests.swift"]
    var generator = SystemRandomNumberGenerator()
    var memo = ProjectLayout.FolderMemo()
    var leftOut = 0
    for _ in 0..<5_000 {
      let depth = Int.random(in: 0...3, using: &generator)
      let path =
        ((0..<depth).map { _ in folders.randomElement(using: &generator)! }
        + [names.randomElement(using: &generator)!]).joined(separator: "/")
      let answer = ProjectLayout.reasonLeftOut(path)
      XCTAssertEqual(ProjectLayout.reasonLeftOut(path, memo: &memo), answer, path)
      if answer != nil { leftOut += 1 }
    }
    XCTAssertGreaterThan(leftOut, 0, "the paths must include left-out ones")
    XCTAssertEqual(
      ProjectLayout.reasonLeftOut("App/Model.generated.swift", memo: &memo),
      "generated source (Model.generated.swift)")
  }
}
