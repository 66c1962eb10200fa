import CoverageModel
import Foundation

/// Every difference between the platforms covgate runs on, in one place: where the tools are,
/// where test binaries live and how a test is started and listed, whether tests can be forked
/// from test servers, how the process table is read, where caches go. `LinuxPlatform` and
/// `MacPlatform` are its two sides, each unit-tested on recorded command output; code outside
/// this folder asks the platform and never tests `os(...)` itself.
public protocol Platform: Sendable {
  /// Finds the toolchain, never taking an `llvm-cov` from PATH that belongs to another compiler.
  func locateToolchain() throws -> Toolchain
  /// Finds just `swift`, for work that needs no llvm tool.
  func locateSwift() throws -> String
  /// The executable inside a `*.xctest` product: what llvm-cov reads the coverage mapping of.
  func testExecutable(ofBundle bundle: String) -> String
  /// The coverage mapping sections of a test executable (ELF or Mach-O section names).
  func coverageSections(ofBinary path: String) throws -> CoverageSections
  /// The command that runs `test` alone (its `binary` is `testExecutable(ofBundle:)`'s).
  func command(running test: TestCase) throws -> TestCommand
  /// The command that lists the tests of `library` in `binary`, and where the list comes out.
  func listing(of binary: String, library: TestCaseResult.Library, scratch: String) throws
    -> TestListingCommand
  /// Why tests cannot be forked from test servers here (said once, and every test then starts
  /// a process of its own); nil where they can.
  var testServersUnavailable: String? { get }
  /// The file name of the toolchain's demangler library in its `lib` folder.
  var demanglerLibraryName: String { get }
  /// Every process's pid, parent, group and state.
  func processTable() -> [ProcessTree.Entry]
  /// The folder under which covgate keeps its caches (`covgate/` below it); nil without a home.
  func cacheBase(environment: [String: String]) -> String?
  /// The running executable's real path (a cache made by another build of covgate is not
  /// read); nil when it cannot be found.
  func executablePath() -> String?
}

/// A command to start: the program, its arguments and what it adds to covgate's environment.
public struct TestCommand: Sendable, Equatable {
  public var executable: String
  public var arguments: [String]
  public var environment: [String: String]

  public init(executable: String, arguments: [String], environment: [String: String] = [:]) {
    self.executable = executable
    self.arguments = arguments
    self.environment = environment
  }

  /// The command's environment with `own` set on top of it (a runner's profile path, a
  /// mutant's switch).
  public func environment(adding own: [String: String]) -> [String: String] {
    environment.merging(own) { _, mine in mine }
  }
}

/// How a test list is had: the command, and where its list comes out.
public struct TestListingCommand: Sendable, Equatable {
  public enum Output: Sendable, Equatable {
    /// One test ID a line on standard output (`Module.Type/name`).
    case lines
    /// `swiftpm-xctest-helper`'s JSON in this file (a tree of suites named `Module.Type`
    /// whose leaves are the test methods).
    case xctestHelperJSON(String)
  }

  public var command: TestCommand
  public var output: Output

  public init(command: TestCommand, output: Output) {
    self.command = command
    self.output = output
  }
}

/// The platform covgate runs on.
public func currentPlatform() -> any Platform {
  #if os(macOS)
    MacPlatform()
  #else
    LinuxPlatform()
  #endif
}

/// `XDG_CACHE_HOME` when it is absolute (both platforms honour it), else `fallback` below
/// `HOME`; nil without either.
func xdgCacheBase(environment: [String: String], elseBelowHome fallback: String) -> String? {
  if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg }
  guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
  return "\(home)/\(fallback)"
}
