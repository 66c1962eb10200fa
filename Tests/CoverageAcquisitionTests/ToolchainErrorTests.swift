import XCTest

@testable import CoverageAcquisition

/// Every toolchain or test-run error a user can see is one line: what went wrong, with the
/// paths it concerns, then what to do (after a `;`, or after the cause for a failed command).
final class ToolchainErrorTests: XCTestCase {
  func testEachErrorIsOneLineNamingItsSubjectAndTheFix() {
    let cases: [(any CustomStringConvertible, [String])] = [
      (ToolchainError.swiftNotFound, ["swift", "PATH"]),
      (
        ToolchainError.toolMissing(tool: "llvm-cov", swift: "/usr/bin/swift"),
        ["llvm-cov", "/usr/bin/swift"]
      ),
      (
        ToolchainError.cannotRun(tool: "/x/llvm-cov", reason: "No such file"),
        ["/x/llvm-cov", "No such file"]
      ),
      (
        ToolchainError.profileVersionMismatch(
          tool: "/usr/bin/llvm-cov", swift: "/opt/swift/usr/bin/swift"),
        ["/usr/bin/llvm-cov", "/opt/swift/usr/bin/swift"]
      ),
      (
        ToolchainError.staleProfile(binary: "/p/.build/debug/P.xctest"),
        ["/p/.build/debug/P.xctest"]
      ),
      (ToolchainError.noProfiles(directory: "/p/codecov"), ["/p/codecov"]),
      (ToolchainError.noTestBinary(directory: "/p/.build/debug"), ["/p/.build/debug"]),
      (
        ToolchainError.commandFailed(command: "llvm-cov export", exitCode: 1, detail: "boom"),
        ["llvm-cov export", "boom"]
      ),
      (
        ToolchainError.describeFailed(packagePath: "/p", detail: "there is no Package.swift"),
        ["/p", "Package.swift"]
      ),
      (TestRunFailure(exitCode: 1), ["exit code 1", "see the output above"]),
      (TestTimeout(seconds: 90), ["90 s", "raise --timeout"]),
    ]
    for (error, subjects) in cases {
      let text = error.description
      XCTAssertFalse(text.contains("\n"), text)
      XCTAssertTrue(text.contains(";") || text.contains(": "), "no cause and fix: \(text)")
      for subject in subjects {
        XCTAssertTrue(text.contains(subject), "\(subject) not in: \(text)")
      }
    }
  }
}
