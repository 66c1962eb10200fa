import CoverageModel
import Foundation
import XCTest

@testable import CoverageGate

final class PathMapTests: XCTestCase {
  func testParsesOldEqualsNew() throws {
    let map = try XCTUnwrap(PathMap(argument: "/ci/work=/home/me/pkg"))
    XCTAssertEqual(map, PathMap(old: "/ci/work", new: "/home/me/pkg"))
    XCTAssertEqual(map.old, "/ci/work")
    XCTAssertEqual(map.new, "/home/me/pkg")
  }

  func testSplitsAtTheFirstEquals() throws {
    let map = try XCTUnwrap(PathMap(argument: "/a=/b=c"))
    XCTAssertEqual(map.old, "/a")
    XCTAssertEqual(map.new, "/b=c")
  }

  func testRejectsEmptySidesAndMissingEquals() {
    XCTAssertNil(PathMap(argument: "=x"))
    XCTAssertNil(PathMap(argument: "x="))
    XCTAssertNil(PathMap(argument: "="))
    XCTAssertNil(PathMap(argument: "/old/new"))
    XCTAssertNil(PathMap(argument: ""))
  }

  func testTrimsTrailingSlashes() {
    let map = PathMap(old: "/ci/work/", new: "/home/me/")
    XCTAssertEqual(map.old, "/ci/work")
    XCTAssertEqual(map.new, "/home/me")
    XCTAssertEqual(map.apply("/ci/work/Sources/A.swift"), "/home/me/Sources/A.swift")
  }

  func testAppliesOnWholeComponentsOnly() {
    let map = PathMap(old: "/ci/work", new: "/home/me")
    XCTAssertEqual(map.apply("/ci/work/Sources/A.swift"), "/home/me/Sources/A.swift")
    XCTAssertEqual(map.apply("/ci/work"), "/home/me")
    XCTAssertEqual(map.apply("/ci/workspace/Sources/A.swift"), "/ci/workspace/Sources/A.swift")
    XCTAssertEqual(map.apply("/other/ci/work/A.swift"), "/other/ci/work/A.swift")
  }

  func testDetectFindsTheYamsCheckoutFromTheRealExport() throws {
    let paths = try yamsExportPaths()
    XCTAssertEqual(paths.count, 46)
    let map = try XCTUnwrap(
      PathMap.detect(paths: paths, package: yamsPackage(root: "/tmp/probe/yams")))
    XCTAssertEqual(map.old, "/home/runner/work/Yams/Yams")
    XCTAssertEqual(map.new, "/tmp/probe/yams")
    XCTAssertEqual(
      map.apply("/home/runner/work/Yams/Yams/Sources/Yams/Node.swift"),
      "/tmp/probe/yams/Sources/Yams/Node.swift")
  }

  func testDetectFindsNothingWhenPathsAreAlreadyUnderTheRoot() throws {
    let paths = try yamsExportPaths()
    XCTAssertNil(
      PathMap.detect(paths: paths, package: yamsPackage(root: "/home/runner/work/Yams/Yams")))
    XCTAssertNil(
      PathMap.detect(paths: paths, package: yamsPackage(root: "/home/runner/work/Yams/Yams/")))
  }

  func testDetectIgnoresBuildFolderAndUnknownPaths() {
    let package = yamsPackage(root: "/local/yams")
    XCTAssertNil(
      PathMap.detect(
        paths: ["/elsewhere/.build/checkouts/x/Sources/Yams/A.swift"], package: package))
    XCTAssertNil(PathMap.detect(paths: ["/elsewhere/Lib/A.swift"], package: package))
    XCTAssertNil(PathMap.detect(paths: [], package: package))
  }

  func testDetectFollowsTheMajority() throws {
    let package = yamsPackage(root: "/local/yams")
    let paths = [
      "/ci/a/Sources/Yams/A.swift", "/ci/a/Sources/Yams/B.swift", "/ci/b/Sources/Yams/C.swift",
    ]
    XCTAssertEqual(try XCTUnwrap(PathMap.detect(paths: paths, package: package)).old, "/ci/a")
  }

  // MARK: - Helpers

  private func yamsPackage(root: String) -> PackageInfo {
    PackageInfo(
      name: "Yams", root: root,
      targets: [
        TargetInfo(
          name: "YamsTests", kind: .test, path: "Tests/YamsTests", sources: [],
          dependencies: ["Yams"]),
        TargetInfo(
          name: "Yams", kind: .library, path: "Sources/Yams", sources: [], products: ["Yams"],
          dependencies: ["CYaml"]),
        TargetInfo(
          name: "CYaml", kind: .library, path: "Sources/CYaml", sources: [], isClang: true,
          products: ["Yams"]),
      ])
  }

  /// The `filename` of every file in the real Yams export of the LLVMCoverage fixtures.
  private func yamsExportPaths() throws -> [String] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("LLVMCoverageTests/Fixtures/yams/swiftpm-export.json")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let exports = try XCTUnwrap(json?["data"] as? [[String: Any]])
    return exports.flatMap { export in
      (export["files"] as? [[String: Any]] ?? []).compactMap { $0["filename"] as? String }
    }
  }

  /// A disk that holds exactly `files`.
  private struct Disk: SymlinkResolving {
    var files: Set<String>
    func realPath(_ path: String) -> String? { files.contains(path) ? path : nil }
  }

  /// An Xcode project keeps its sources in a folder named as the project's (`TurnipTime/
  /// TurnipTime/`), and its pods' paths name the project folder once: the prefix under which
  /// the files are on this machine wins, however the votes fall.
  func testAProjectFolderNamedAsItsSourceFolderIsPlacedByTheDisk() {
    let project = PackageInfo(
      name: "TurnipTime", root: "/work/tt",
      targets: [TargetInfo(name: "TurnipTime", kind: .library, path: "TurnipTime", sources: [])],
      project: ProjectLayout())
    let mac = "/Users/dev/Projects/TurnipTime"
    let paths =
      ["\(mac)/TurnipTime/App.swift", "\(mac)/TurnipTime/Model.swift"]
      + (1...5).map { "\(mac)/Pods/Charts/Source/Chart\($0).swift" }
    let disk = Disk(files: ["/work/tt/TurnipTime/App.swift", "/work/tt/TurnipTime/Model.swift"])
    XCTAssertEqual(
      PathMap.detect(paths: paths, package: project, links: disk),
      PathMap(old: mac, new: "/work/tt"))
    XCTAssertEqual(
      PathMap.detect(paths: paths, package: project),
      PathMap(old: "/Users/dev/Projects", new: "/work/tt"),
      "without the disk the votes decide, and the pods outvote the app")
  }
}
