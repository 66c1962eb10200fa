import XCTest

@testable import LLVMCoverage

/// Every error a user can see is one line that names the cause and then the fix.
final class ErrorDescriptionTests: XCTestCase {
  private func assertOneLineWithFix(
    _ errors: [CustomStringConvertible], file: StaticString = #filePath, line: UInt = #line
  ) {
    for error in errors {
      let text = error.description
      XCTAssertFalse(text.contains("\n"), text, file: file, line: line)
      XCTAssertTrue(
        text.contains(";") || text.contains(": "), "no cause/fix split: \(text)", file: file,
        line: line)
      XCTAssertGreaterThan(text.count, 30, text, file: file, line: line)
    }
  }

  func testExportErrors() {
    let errors: [ExportError] = [
      .unreadable(path: "a.json", reason: "No such file"), .empty(path: "a.json"),
      .truncated(path: "a.json", offset: 10),
      .malformed(path: "a.json", offset: 3, reason: "expected a key"),
      .notAnExport(path: "a.json", reason: "its type is \"x\""),
      .unsupportedVersion(path: "a.json", version: "9.0"),
    ]
    assertOneLineWithFix(errors)
    for error in errors {
      XCTAssertTrue(error.description.hasPrefix("a.json") || error.description.contains("a.json"))
    }
  }
}
