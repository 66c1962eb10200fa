import CoverageModel
import CovgateSupport
import Foundation

/// A test run's coverage: where the export is and how the tests went.
public struct Acquisition: Sendable, Equatable {
  /// The llvm-cov export JSON covering every test binary.
  public var exportPath: String
  /// `swift test`'s exit code (0 when the tests passed).
  public var testExitCode: Int32
  /// Set when the tests ran past `--timeout` and were stopped; the export then holds the
  /// coverage of the test processes that finished.
  public var timeout: TestTimeout?
  /// Each test run in a process of its own (`--per-test`, or after a crash).
  public var results: [TestCaseResult]
  /// Test runs that crashed and were run again one test per process.
  public var recovered: [String]
  /// With `--per-test`: per test, in the order of `results`, the raw profiles it wrote.
  public var testProfiles: [[String]] = []
  /// The failed tests `swift test`'s output named (a run of all tests together).
  public var failures: [TestFailure] = []
  /// What the user should know about how the tests ran (one line each).
  public var notes: [String] = []
  /// The test executables the export covers: how they update their counters is read from them.
  public var binaries: [String] = []

  public init(
    exportPath: String, testExitCode: Int32, timeout: TestTimeout? = nil,
    results: [TestCaseResult] = [],
    recovered: [String] = [], binaries: [String] = []
  ) {
    self.exportPath = exportPath
    self.testExitCode = testExitCode
    self.timeout = timeout
    self.results = results
    self.recovered = recovered
    self.binaries = binaries
  }
}

/// The steps of acquiring coverage, announced as they begin.
public enum AcquisitionStep: Sendable {
  /// Building the tests (per-test runs build first, then run).
  case build
  case test
  /// Running tests one per process (after a crash, or `--per-test`).
  case perTest
  case merge, export
  /// No test of a per-test run finished for a while: the line naming the running ones.
  case stalled(String)
}

/// Runs `swift test --enable-code-coverage` and turns its profiles into one export, even when
/// a test fails (SwiftPM then writes no export of its own).
public struct TestRunner: Sendable {
  let toolchain: Toolchain
  let platform: any Platform
  let runner: any CommandRunning
  /// Starts the tests of per-test runs; nil: test servers (`testProcesses`).
  let launcher: (any TestProcessLaunching)?
  let onStep: @Sendable (AcquisitionStep) -> Void

  public init(
    toolchain: Toolchain, platform: any Platform, runner: any CommandRunning = LiveCommandRunner(),
    launcher: (any TestProcessLaunching)? = nil,
    onStep: @escaping @Sendable (AcquisitionStep) -> Void = { _ in }
  ) {
    self.toolchain = toolchain
    self.platform = platform
    self.runner = runner
    self.launcher = launcher
    self.onStep = onStep
  }

  /// Builds and runs the tests of the package at `root`, streaming their output.
  ///
  /// - Parameters:
  ///   - arguments: passed to `swift test` as they are (`--filter`, `--parallel`, ...).
  ///   - timeout: seconds after which `swift test` and every process it started are stopped;
  ///     the profiles of the test processes that finished are still merged and exported.
  /// - Throws: `TestTimeout` when the tests timed out, `TestRunFailure` when they failed, before
  ///   any coverage was written.
  public func run(
    root: String, packageName: String, arguments: [String], timeout: TimeInterval? = nil
  ) throws -> Acquisition {
    let binPath = try binPath(root: root, arguments: arguments)
    onStep(.test)
    let (result, output) = try runner.streamKeepingOutput(
      toolchain.swift, ["test", "--enable-code-coverage"] + arguments, in: root, timeout: timeout)
    let failures = result.exitCode == 0 ? [] : TestFailureParser.failures(in: output)
    let timedOut = result.timedOut ? TestTimeout(seconds: timeout ?? 0) : nil
    let exitCode = result.exitCode
    let codecov = "\(binPath)/codecov"
    var found = Self.files(in: codecov, withExtension: "profraw")
    var results: [TestCaseResult] = []
    var recovered: [String] = []
    var notes: [String] = []
    if exitCode != 0, timedOut == nil {
      // A test process that crashed wrote no profile: its tests run again one per process.
      (found, results, recovered, notes) = try recoverCrashedRuns(
        root: root, binPath: binPath, arguments: arguments, profiles: found, timeout: timeout)
    }
    if exitCode != 0 || timedOut != nil, found.isEmpty {
      if let timedOut { throw timedOut }
      throw TestRunFailure(exitCode: exitCode, failures: failures)
    }
    let (profiles, binaries) = try coverageInputs(binPath: binPath, profiles: found)

    // SwiftPM's own export is reusable when the tests passed and one test binary covers it all.
    let swiftPMExport = "\(codecov)/\(packageName).json"
    if exitCode == 0, timedOut == nil, binaries.count == 1,
      Self.isFile(swiftPMExport, newerThanAll: profiles)
    {
      return Acquisition(exportPath: swiftPMExport, testExitCode: exitCode, binaries: binaries)
    }
    let exportPath = try mergeAndExport(profiles: profiles, binaries: binaries, codecov: codecov)
    var acquisition = Acquisition(
      exportPath: exportPath, testExitCode: exitCode, timeout: timedOut, results: results,
      recovered: recovered,
      binaries: binaries)
    acquisition.failures = failures
    acquisition.notes = notes
    return acquisition
  }

  /// The coverage of tests that already ran in the build folder `binPath` (e.g. `.build/debug`):
  /// merges `binPath/codecov/*.profraw` and exports every `binPath/*.xctest`, running no `swift`.
  ///
  /// - Returns: the export JSON, in `binPath/codecov`, and the test executables it covers.
  public func exportBuild(binPath: String) throws -> BuildExport {
    let found = Self.files(in: "\(binPath)/codecov", withExtension: "profraw")
    let (profiles, binaries) = try coverageInputs(binPath: binPath, profiles: found)
    let path = try mergeAndExport(
      profiles: profiles, binaries: binaries, codecov: "\(binPath)/codecov")
    return BuildExport(path: path, binaries: binaries)
  }

  /// Exports `profile` into a temporary file (the caller removes it); returns its path.
  ///
  /// - Throws: `ToolchainError.missingFile` for a profile or binary that is not there,
  ///   `.staleProfile` when llvm-cov finds a binary newer than the profile.
  public func exportProfile(_ profile: ProfileExport) throws -> String {
    for path in [profile.profdata] + profile.objects
    where !FileManager.default.fileExists(atPath: path) {
      throw ToolchainError.missingFile(
        path: path, flag: path == profile.profdata ? "--profdata" : "--object")
    }
    let path = NSTemporaryDirectory() + "covgate-export-\(UUID().uuidString).json"
    onStep(.export)
    try export(profdata: profile.profdata, binaries: profile.objects, to: path)
    return path
  }

  /// The raw profiles and the test executables of a build folder.
  ///
  /// - Throws: `ToolchainError.staleProfile` when a test executable is newer than a profile:
  ///   it was rebuilt after the tests ran. llvm-cov cannot tell: its own "profile data may be
  ///   out of date" check compares the executable with the merged profile, which is always
  ///   newer, and it silently leaves out the functions whose code changed.
  private func coverageInputs(binPath: String, profiles: [String]) throws -> (
    profiles: [String], binaries: [String]
  ) {
    let codecov = "\(binPath)/codecov"
    guard !profiles.isEmpty else { throw ToolchainError.noProfiles(directory: codecov) }
    let bundles = Self.files(in: binPath, withExtension: "xctest")
    guard !bundles.isEmpty else { throw ToolchainError.noTestBinary(directory: binPath) }
    let binaries = bundles.map(platform.testExecutable(ofBundle:))
    let oldestProfile = profiles.compactMap(Self.modificationDate).min() ?? .distantFuture
    let rebuilt = binaries.first { (Self.modificationDate($0) ?? .distantPast) > oldestProfile }
    if let rebuilt { throw ToolchainError.staleProfile(binary: rebuilt) }
    return (profiles, binaries)
  }

  /// Merges the profiles and exports the binaries into `codecov`; returns the export's path.
  func mergeAndExport(profiles: [String], binaries: [String], codecov: String) throws -> String {
    let profdata = "\(codecov)/covgate.profdata"
    let exportPath = "\(codecov)/covgate-export.json"
    onStep(.merge)
    try merge(profiles, into: profdata)
    onStep(.export)
    try export(profdata: profdata, binaries: binaries, to: exportPath)
    return exportPath
  }

  /// `swift build --show-bin-path`, honouring build-location flags given for `swift test`.
  func binPath(root: String, arguments: [String]) throws -> String {
    let passed = TestSelection.buildFlags(in: arguments)
    // SwiftPM keeps `.build/debug` pointing at the default bin folder: asking it costs a sixth
    // of a second, so only ask when the flags move the build elsewhere (compiler and linker
    // flags, such as the atomic counters covgate adds, do not).
    if !TestSelection.movesBuild(passed) {
      let link = URL(fileURLWithPath: root).appendingPathComponent(".build/debug")
      var isFolder: ObjCBool = false
      let resolved = link.resolvingSymlinksInPath().path
      if FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder),
        isFolder.boolValue
      {
        return resolved
      }
    }
    let result = try runner.capture(
      toolchain.swift, ["build", "--show-bin-path"] + passed, in: root)
    let path = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    guard result.exitCode == 0, path.hasPrefix("/") else {
      throw ToolchainError.commandFailed(
        command: "swift build --show-bin-path", exitCode: result.exitCode,
        detail: result.stderr.split(separator: "\n").first.map(String.init) ?? "no output")
    }
    return path
  }

  /// Merges raw profiles into one indexed profile.
  public func merge(_ profiles: [String], into profdata: String) throws {
    let result = try runner.capture(
      toolchain.llvmProfdata, ["merge", "-sparse"] + profiles + ["-o", profdata], in: nil)
    try check(result, tool: toolchain.llvmProfdata, command: "llvm-profdata merge")
  }

  /// Exports coverage of every test binary into one JSON file.
  public func export(profdata: String, binaries: [String], to path: String) throws {
    var arguments = ["export", "-instr-profile=\(profdata)", binaries[0]]
    for binary in binaries.dropFirst() { arguments += ["-object", binary] }
    let result = try runner.capture(toolchain.llvmCov, arguments, in: nil)
    try check(result, tool: toolchain.llvmCov, command: "llvm-cov export")
    if result.stderr.contains("profile data may be out of date") {
      throw ToolchainError.staleProfile(binary: binaries[0])
    }
    try AtomicFile.write(Data(result.stdout.utf8), to: path)
  }

  private func check(_ result: CommandResult, tool: String, command: String) throws {
    guard result.exitCode != 0 else { return }
    if result.stderr.contains("unsupported instrumentation profile format version")
      || result.stderr.contains("raw profile version mismatch")
    {
      throw ToolchainError.profileVersionMismatch(tool: tool, swift: toolchain.swift)
    }
    let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? "no output"
    throw ToolchainError.commandFailed(
      command: command, exitCode: result.exitCode, detail: firstLine)
  }

  static func files(in folder: String, withExtension ext: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { ($0 as NSString).pathExtension == ext }.sorted().map { "\(folder)/\($0)" }
  }

  static func isFile(_ path: String, newerThanAll others: [String]) -> Bool {
    guard let date = modificationDate(path) else { return false }
    return others.allSatisfy { (modificationDate($0) ?? .distantFuture) <= date }
  }

  static func modificationDate(_ path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
  }
}
