import CoverageModel
import Foundation

/// What mutation testing asks of the toolchain: the mutated copy's build, its tests and what
/// runs them one per process. `LiveAcquisition`, the acquisition `covgate run` uses, is the live
/// one; the mutation module's unit tests pass a fake.
public protocol MutantTesting: Sendable {
  /// The `swift` and its own llvm tools.
  func locateToolchain() throws -> Toolchain
  /// `swift build --build-tests` with `flags` at `root`, the compiler's messages kept: a
  /// mutated build's errors name the mutants that do not compile.
  func buildTestsKeepingOutput(root: String, flags: [String], toolchain: Toolchain) throws
    -> CommandResult
  /// The folder of the test binaries `swift build --build-tests` with `flags` at `root` makes.
  func binPath(root: String, flags: [String], toolchain: Toolchain) throws -> String
  /// Every test of the build at `root` (built with `flags`), and what runs them one per process
  /// (children of test servers unless `fresh`).
  func testsAndLauncher(root: String, flags: [String], fresh: Bool, toolchain: Toolchain) throws
    -> (tests: [TestCase], launcher: any TestProcessLaunching)
  /// What runs each test in a fresh process of its own (static mutants: code that runs once per
  /// process must start with the mutant switched on, whatever a test server did first).
  func freshLauncher() -> any TestProcessLaunching
  /// The command that runs `test` alone.
  func command(running test: TestCase) throws -> TestCommand
}

extension LiveAcquisition: MutantTesting {
  public func buildTestsKeepingOutput(root: String, flags: [String], toolchain: Toolchain)
    throws -> CommandResult
  {
    try TestRunner(toolchain: toolchain, platform: platform)
      .buildTestsKeepingOutput(root: root, flags: flags)
  }

  public func binPath(root: String, flags: [String], toolchain: Toolchain) throws -> String {
    try TestRunner(toolchain: toolchain, platform: platform).binPath(root: root, arguments: flags)
  }

  public func testsAndLauncher(root: String, flags: [String], fresh: Bool, toolchain: Toolchain)
    throws -> (tests: [TestCase], launcher: any TestProcessLaunching)
  {
    try TestRunner(toolchain: toolchain, platform: platform)
      .testsAndLauncher(root: root, flags: flags, fresh: fresh)
  }

  public func freshLauncher() -> any TestProcessLaunching { LiveTestProcesses() }

  public func command(running test: TestCase) throws -> TestCommand {
    try platform.command(running: test)
  }
}
