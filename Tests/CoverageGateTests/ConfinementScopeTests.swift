import CoverageModel
import XCTest

@testable import CoverageGate

/// Paths are normalised before scoping and confined to the package: `..`, path maps and
/// symlinks never make an outside file a package file.
final class ConfinementScopeTests: XCTestCase {
  /// Symlinks as a fake disk has them: path -> real path.
  private struct FakeLinks: SymlinkResolving {
    var links: [String: String] = [:]
    func realPath(_ path: String) -> String? { links[path] ?? path }
  }

  private func scope(_ paths: [String], maps: [PathMap] = [], links: FakeLinks? = nil) throws
    -> ScopeResult
  {
    let data = CoverageData(files: paths.map { TestPackage.file($0) }, capabilities: .llvmCov)
    return try Scoper(package: TestPackage.package, exclude: [], links: links).scope(
      data, pathMaps: maps)
  }

  private func reason(_ result: ScopeResult, _ path: String) -> String? {
    result.excluded.first { $0.path == path }?.reason
  }

  func testAPathThatClimbsOutOfThePackageIsOutsideIt() throws {
    let result = try scope([
      "/work/pkg/Sources/Core/A.swift", "/work/pkg/Sources/Core/../../../../tmp/x.swift",
    ])
    XCTAssertEqual(result.files.map(\.path), ["Sources/Core/A.swift"])
    XCTAssertEqual(
      reason(result, "/tmp/x.swift"), "outside the package (a dependency or the toolchain)")
    XCTAssertFalse(result.excluded.contains { $0.path.contains("..") })
  }

  func testDotsAndSlashesInsideThePackageAreNormalisedAndKept() throws {
    let result = try scope(["/work/pkg//Sources/./Core/Gen/../B.swift"])
    XCTAssertEqual(result.files.map(\.path), ["Sources/Core/B.swift"])
    XCTAssertEqual(result.files.map(\.target), ["Core"])
    // The export's own path stays with the coverage: function records name it.
    XCTAssertEqual(result.files.first?.coverage.path, "/work/pkg//Sources/./Core/Gen/../B.swift")
  }

  func testAClimbingPathCannotReachAnotherTargetOfThePackageByName() throws {
    // `Sources/Core/../../Tests/CoreTests` is a test file, not Core's.
    let result = try scope([
      "/work/pkg/Sources/Core/A.swift", "/work/pkg/Sources/Core/../../Tests/CoreTests/ATests.swift",
    ])
    XCTAssertEqual(result.files.map(\.path), ["Sources/Core/A.swift"])
    XCTAssertEqual(reason(result, "Tests/CoreTests/ATests.swift"), "test target CoreTests")
  }

  func testPathMapResultsAreNormalisedAndConfinedToo() throws {
    let map = PathMap(old: "/ci/build", new: TestPackage.root)
    let result = try scope(
      ["/ci/build/Sources/Core/A.swift", "/ci/build/Sources/Core/../../../etc/x.swift"], maps: [map]
    )
    XCTAssertEqual(result.files.map(\.path), ["Sources/Core/A.swift"])
    XCTAssertEqual(
      reason(result, "/work/etc/x.swift"), "outside the package (a dependency or the toolchain)")
  }

  func testASymlinkInsideThePackageThatPointsOutIsOutside() throws {
    let links = FakeLinks(links: ["/work/pkg/Sources/Core/B.swift": "/home/me/secret/B.swift"])
    let result = try scope(
      ["/work/pkg/Sources/Core/A.swift", "/work/pkg/Sources/Core/B.swift"], links: links)
    XCTAssertEqual(result.files.map(\.path), ["Sources/Core/A.swift"])
    XCTAssertEqual(
      reason(result, "Sources/Core/B.swift"),
      "outside the package (a symlink to /home/me/secret/B.swift)")
  }

  func testASymlinkWithinThePackageAndARootThatIsASymlinkAreFine() throws {
    let links = FakeLinks(links: [
      "/work/pkg": "/data/pkg", "/work/pkg/Sources/Core/A.swift": "/data/pkg/Sources/Core/A.swift",
      "/work/pkg/Sources/Core/B.swift": "/data/pkg/Shared/B.swift",
    ])
    let result = try scope(
      ["/work/pkg/Sources/Core/A.swift", "/work/pkg/Sources/Core/B.swift"], links: links)
    XCTAssertEqual(result.files.map(\.path), ["Sources/Core/A.swift", "Sources/Core/B.swift"])
  }

  func testAnExportOfOnlyOutsideFilesIsAnErrorNotAnEmptyReport() {
    XCTAssertThrowsError(try scope(["/work/pkg/Sources/Core/../../../x.swift"])) { error in
      guard case .noPackageFiles(let root, _, _) = error as? ScopeError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(root, "/work/pkg")
    }
  }
}
