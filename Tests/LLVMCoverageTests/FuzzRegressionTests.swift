import Foundation
import XCTest

@testable import LLVMCoverage

/// Inputs kept from fuzzing (Fuzz/Regressions/export): each must parse or fail with an
/// `ExportError`, and what parses must merge with itself.
final class FuzzRegressionTests: XCTestCase {
  func testSavedFuzzInputsNeverCrash() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fuzz/Regressions/export").standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    XCTAssertFalse(names.isEmpty)
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      do {
        let parsed = try ExportReader.parse(data, source: name, options: .init(functions: true))
        _ = try? ExportMerger.merge([("a", parsed), ("b", parsed)])
      } catch {
        XCTAssertTrue(error is ExportError, "\(name): \(error)")
      }
    }
  }
}
