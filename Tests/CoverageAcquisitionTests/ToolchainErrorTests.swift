import XCTest

@testable import CoverageAcquisition

/// Every toolchain error a user can see is one line that names the cause and then the fix.
final class ToolchainErrorTests: XCTestCase {
  private func assertOneLineWithFix(_ errors: [CustomStringConvertible], file: StaticString = #filePath, line: UInt = #line) {
    for error in errors {
      let text = error.description
      XCTAssertFalse(text.contains("\n"), text, file: file, line: line)
      XCTAssertTrue(text.contains(";") || text.contains(": "), "no cause/fix split: \(text)", file: file, line: line)
      XCTAssertGreaterThan(text.count, 30, text, file: file, line: line)
    }
  }

  func testToolchainErrors() {
    let errors: [ToolchainError] = [
      .swiftNotFound, .toolMissing(tool: "llvm-cov", swift: "/usr/bin/swift"),
      .cannotRun(tool: "/x/llvm-cov", reason: "No such file"),
      .profileVersionMismatch(tool: "/usr/bin/llvm-cov", swift: "/opt/swift/usr/bin/swift"),
      .staleProfile(binary: "/p/.build/debug/PPackageTests.xctest"), .noProfiles(directory: "/p/codecov"),
      .noTestBinary(directory: "/p/.build/debug"), .commandFailed(command: "swift test", exitCode: 1, detail: "boom"),
      .describeFailed(packagePath: "/p", detail: "there is no Package.swift"),
    ]
    assertOneLineWithFix(errors)
    XCTAssertTrue(ToolchainError.profileVersionMismatch(tool: "/usr/bin/llvm-cov", swift: "/opt/swift/usr/bin/swift").description.contains("/usr/bin/llvm-cov"))
    XCTAssertTrue(ToolchainError.profileVersionMismatch(tool: "/usr/bin/llvm-cov", swift: "/opt/swift/usr/bin/swift").description.contains("/opt/swift/usr/bin/swift"))
  }

}
