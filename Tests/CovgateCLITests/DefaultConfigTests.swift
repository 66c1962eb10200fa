import CoverageGate
import Foundation
import XCTest

@testable import CovgateCLI

/// Which built-in config a run without `.covgate.yml` takes: a package's (UI glue by target) or
/// an app's (UI glue by folder and file name).
final class DefaultConfigTests: XCTestCase {
  private var root = ""

  override func setUpWithError() throws {
    root = NSTemporaryDirectory() + "covgate-defaults-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: root)
  }

  private func config(_ arguments: [String]) throws -> GateConfig {
    try CommonOptions.parse(["--package-path", root] + arguments)
      .settings(source: .exports(["\(root)/export.json"])).config
  }

  func testAFolderWithoutPackageSwiftTakesTheAppDefaults() throws {
    XCTAssertEqual(try config([]), .appDefaults)
  }

  func testAPackageTakesThePackageDefaults() throws {
    try "// swift-tools-version:6.0\n".write(
      toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
    XCTAssertEqual(try config([]), .defaults)
  }

  /// An export checked where only the package's description came along (no `Package.swift`)
  /// is still a package's.
  func testAPackageDescriptionMakesItAPackageWithoutPackageSwift() throws {
    XCTAssertEqual(try config(["--package-description", "\(root)/description.json"]), .defaults)
  }
}
