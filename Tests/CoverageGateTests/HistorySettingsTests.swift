import XCTest

@testable import CoverageGate

final class HistorySettingsTests: XCTestCase {
  private let file = "pkg/.covgate.yml"

  func testHistoryIsOnByDefaultUnderTheDotCovgateFolder() throws {
    let config = try ConfigLoader.parse("version: 1\n", file: file)

    XCTAssertEqual(config.history, HistorySettings(path: ".covgate/history.sqlite", enabled: true))
    XCTAssertEqual(GateConfig.defaults.history, config.history)
  }

  func testPathAndEnabledAreRead() throws {
    let config = try ConfigLoader.parse(
      "history: { path: ci-cache/runs.sqlite, enabled: false }\n", file: file)

    XCTAssertEqual(config.history, HistorySettings(path: "ci-cache/runs.sqlite", enabled: false))
  }

  func testUnknownKeysAndWrongTypesAreErrors() {
    let cases = [
      ("history: { pth: x.sqlite }\n", "unknown key 'pth' in history (did you mean 'path'?)"),
      ("history: { enabled: sometimes }\n", "history.enabled must be true or false"),
      ("history: { path: [a, b] }\n", "history.path must be text"),
      ("history: true\n", "history must be a mapping with keys path, enabled"),
    ]
    for (text, message) in cases {
      XCTAssertThrowsError(try ConfigLoader.parse(text, file: file), text) { error in
        let description = String(describing: error)
        XCTAssertTrue(description.contains(message), "\(message) not in: \(description)")
        XCTAssertTrue(description.hasPrefix("\(file):1:"), description)
      }
    }
  }

  func testARelativePathIsUnderThePackageRootAndAnAbsoluteOneIsKept() {
    XCTAssertEqual(HistorySettings().resolvedPath(root: "/pkg"), "/pkg/.covgate/history.sqlite")
    XCTAssertEqual(
      HistorySettings(path: "/cache/h.sqlite").resolvedPath(root: "/pkg"), "/cache/h.sqlite")
  }

  /// The default path only once the package has its `.covgate/` folder; the cache folder until
  /// then; a path the config names always.
  func testTheHistoryGoesIntoThePackageOnlyWhenItAsked() {
    let settings = HistorySettings()
    XCTAssertEqual(
      settings.location(root: "/pkg", cacheFolder: "/cache/pkg-1", packageFolderExists: true),
      "/pkg/.covgate/history.sqlite")
    XCTAssertEqual(
      settings.location(root: "/pkg", cacheFolder: "/cache/pkg-1", packageFolderExists: false),
      "/cache/pkg-1/history.sqlite")
    XCTAssertNil(settings.location(root: "/pkg", cacheFolder: nil, packageFolderExists: false))
    XCTAssertEqual(
      HistorySettings(path: "ci/runs.sqlite").location(
        root: "/pkg", cacheFolder: "/cache/pkg-1", packageFolderExists: false),
      "/pkg/ci/runs.sqlite")
  }
}
