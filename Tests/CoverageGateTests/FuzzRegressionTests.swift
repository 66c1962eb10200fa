import Foundation
import XCTest

@testable import CoverageGate

/// Configs kept from fuzzing (Fuzz/Regressions/config): each loads or fails with a `ConfigError`.
final class ConfigFuzzRegressionTests: XCTestCase {
  func testSavedFuzzInputsNeverCrash() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fuzz/Regressions/config").standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    XCTAssertFalse(names.isEmpty)
    for name in names {
      let text = String(
        decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
      do {
        _ = try ConfigLoader.parse(text, file: name)
      } catch {
        XCTAssertTrue(error is ConfigError, "\(name): \(error)")
      }
    }
  }
}
