import CoverageModel
import Foundation

extension TestRunner {
  /// `swift build --build-tests` with `flags`, the compiler's messages kept: a mutated build's
  /// errors name the mutants that do not compile.
  func buildTestsKeepingOutput(root: String, flags: [String]) throws -> CommandResult {
    try runner.capture(toolchain.swift, ["build", "--build-tests"] + flags, in: root)
  }

  /// Every test of every test binary of the build at `root` (built with `flags`), and what runs
  /// them one per process (children of test servers unless `fresh`).
  func testsAndLauncher(root: String, flags: [String], fresh: Bool) throws -> (
    tests: [TestCase], launcher: any TestProcessLaunching
  ) {
    let binPath = try binPath(root: root, arguments: flags)
    let tests = try listTests(binPath: binPath).tests
    return (tests, testProcesses(binPath: binPath, fresh: fresh))
  }
}
