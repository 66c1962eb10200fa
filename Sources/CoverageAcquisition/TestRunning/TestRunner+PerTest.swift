import CoverageModel
import Foundation

/// What the runner needs to run tests one per process.
public struct PerTestSettings: Sendable, Equatable {
  /// How many test processes run at once.
  public var jobs: Int
  /// Only this part of the tests, split by `durations`.
  public var shard: Shard?
  /// Seconds per test ID, from an earlier run's test map.
  public var durations: [String: Double]
  /// Start every test's process from scratch instead of forking it from a test server.
  public var freshProcesses: Bool
  /// The folder of test binaries already built with coverage (`.build/debug`, as the SwiftPM
  /// plugin builds them): nothing is built and `swift` is not run.
  public var builtTests: String?
  /// Tests (by ID) not to run: `covgate mutate` keeps their lines from its last map when an
  /// edit cannot have changed them.
  public var skipping: Set<String> = []

  public init(
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount, shard: Shard? = nil,
    durations: [String: Double] = [:], freshProcesses: Bool = false
  ) {
    self.jobs = max(1, jobs)
    self.shard = shard
    self.durations = durations
    self.freshProcesses = freshProcesses
  }
}

extension TestRunner {
  /// `run --per-test`: builds the tests once with coverage, lists every test of every test
  /// binary (XCTest and Swift Testing) and runs each in a process of its own (forked from a
  /// test server unless `freshProcesses`), then merges their profiles and exports every binary.
  ///
  /// - Parameters:
  ///   - arguments: build-location flags (`-c`, `--scratch-path`...) go to the build;
  ///     `--filter` and `--skip` pick tests by regular expression over their IDs.
  ///   - timeout: per test.
  public func runPerTest(
    root: String, arguments: [String], settings: PerTestSettings, timeout: TimeInterval?
  ) throws -> Acquisition {
    let selection = try TestSelection(arguments: arguments)
    let binPath: String
    if let built = settings.builtTests {
      binPath = built
    } else {
      onStep(.build)
      try buildTests(root: root, flags: selection.buildFlags)
      binPath = try self.binPath(root: root, arguments: selection.buildFlags)
    }
    let (binaries, listed) = try listTests(binPath: binPath)
    let selected = listed.filter { selection.includes($0) && !settings.skipping.contains($0.id) }
    guard !selected.isEmpty else { throw NoTestSelected(listed: listed.count) }
    let tests =
      settings.shard.map {
        ShardPlan.tests(selected, shard: $0.index, of: $0.count, durations: settings.durations)
      } ?? selected
    guard !tests.isEmpty else {
      throw NoTestSelected(listed: selected.count, shard: settings.shard)
    }
    onStep(.perTest)
    let run = try PerTestRunner(
      launcher: testProcesses(binPath: binPath, fresh: settings.freshProcesses),
      jobs: settings.jobs,
      timeout: timeout, durations: settings.durations, platform: platform,
      onStall: { [onStep] in onStep(.stalled($0)) }
    ).run(tests, in: root, folder: "\(binPath)/codecov/covgate-per-test")
    let records = run.records
    let profiles = records.flatMap(\.profiles)
    guard !profiles.isEmpty else {
      throw CoverageLost(
        binary: binaries.joined(separator: ", "), library: "XCTest and Swift Testing",
        crashed: records.filter { $0.result.status == .crashed }.map(\.result.id))
    }
    let exportPath = try mergeAndExport(
      profiles: profiles, binaries: binaries, codecov: "\(binPath)/codecov")
    let passed = records.allSatisfy { $0.result.status == .passed }
    var acquisition = Acquisition(
      exportPath: exportPath, testExitCode: passed ? 0 : 1, results: records.map(\.result),
      binaries: binaries)
    acquisition.testProfiles = records.map(\.profiles)
    acquisition.notes = run.notes
    return acquisition
  }

  /// What starts the tests of a per-test run: the launcher given (the unit tests' fakes), a
  /// fresh process per test when asked or where the platform has no test servers (said once),
  /// else children of test servers, whose hook is built with the `clang` beside the
  /// toolchain's llvm tools.
  func testProcesses(binPath: String, fresh: Bool) -> any TestProcessLaunching {
    if let launcher { return launcher }
    if fresh { return LiveTestProcesses() }
    if let reason = platform.testServersUnavailable {
      return LiveTestProcesses(note: "covgate: note: \(reason)")
    }
    let clang = ((toolchain.llvmProfdata as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("clang")
    let runner = self.runner
    return ServedTestProcesses(hook: {
      try TestServerHook.library(
        clang: clang, folder: "\(binPath)/codecov/covgate-test-server", runner: runner)
    })
  }

  /// After a red `swift test`: the testing libraries whose process ended without a profile (it
  /// crashed) are run again one test per process, so that only the crashed tests lose their
  /// coverage. Returns the profiles to merge and what was run again.
  func recoverCrashedRuns(
    root: String, binPath: String, arguments: [String], profiles found: [String],
    timeout: TimeInterval?
  )
    throws -> (profiles: [String], results: [TestCaseResult], recovered: [String], notes: [String])
  {
    // A damaged profile (parallel Swift Testing runs and exit tests can leave one) counts as none.
    let damaged = try damagedProfiles(found, codecov: "\(binPath)/codecov")
    let profiles = found.filter { !damaged.contains($0) }
    let names = profiles.map { ($0 as NSString).lastPathComponent }
    let lost = TestCaseResult.Library.allCases.filter { library in
      !names.contains { $0.hasPrefix(library.rawValue) }
    }
    guard !lost.isEmpty else { return (profiles, [], [], []) }
    if profiles.isEmpty {
      // No test process wrote anything: a build failure, unless the tests build and a crash did it.
      try buildTests(root: root, flags: TestSelection.buildFlags(in: arguments))
    }
    let binaries = Self.files(in: binPath, withExtension: "xctest").map(
      platform.testExecutable(ofBundle:))
    let listing = TestListing(runner: runner, platform: platform)
    let scratch = try listingFolder(binPath: binPath)
    let selection = try? TestSelection(arguments: arguments)
    var merged = profiles
    var results: [TestCaseResult] = []
    var recovered: [String] = []
    var notes: [String] = []
    for binary in binaries {
      for library in lost {
        // A binary that cannot list its tests is not run again: the coverage that exists stands.
        let tests = ((try? listing.tests(in: binary, library: library, directory: scratch)) ?? [])
          .filter { selection?.includes($0) ?? true }
        guard !tests.isEmpty else { continue }
        let name = (binary as NSString).lastPathComponent
        onStep(.perTest)
        let run = try PerTestRunner(
          launcher: testProcesses(binPath: binPath, fresh: false),
          jobs: ProcessInfo.processInfo.activeProcessorCount,
          timeout: timeout, platform: platform
        ).run(
          tests, in: root,
          folder:
            "\(binPath)/codecov/covgate-recovered-\(library == .xctest ? "xctest" : "swift-testing")"
        )
        let records = run.records
        notes += run.notes.filter { !notes.contains($0) }
        let recoveredProfiles = records.flatMap(\.profiles)
        guard !recoveredProfiles.isEmpty else {
          throw CoverageLost(
            binary: binary, library: library.rawValue,
            crashed: records.filter { $0.result.status == .crashed }.map(\.result.id))
        }
        merged += recoveredProfiles
        results += records.map(\.result)
        recovered.append("\(library.rawValue) in \(name)")
      }
    }
    return (merged, results, recovered, notes)
  }
}

extension TestRunner {
  /// The test executables in `binPath` and every test of each (XCTest's, then Swift Testing's).
  func listTests(binPath: String) throws -> (binaries: [String], tests: [TestCase]) {
    let binaries = Self.files(in: binPath, withExtension: "xctest").map(
      platform.testExecutable(ofBundle:))
    guard !binaries.isEmpty else { throw ToolchainError.noTestBinary(directory: binPath) }
    let listing = TestListing(runner: runner, platform: platform)
    let scratch = try listingFolder(binPath: binPath)
    let tests = try binaries.flatMap { binary in
      try TestCaseResult.Library.allCases.flatMap {
        try listing.tests(in: binary, library: $0, directory: scratch)
      }
    }
    return (binaries, tests)
  }

  /// `swift build --build-tests --enable-code-coverage`: a failure is a failed test run.
  func buildTests(root: String, flags: [String]) throws {
    let build = try runner.stream(
      toolchain.swift, ["build", "--build-tests", "--enable-code-coverage"] + flags, in: root,
      timeout: nil)
    guard build.exitCode == 0 else { throw TestRunFailure(exitCode: build.exitCode) }
  }

  /// The profiles `llvm-profdata` cannot read, from one trial merge of them all (it names each
  /// one it skips in a warning), whatever their number.
  func damagedProfiles(_ profiles: [String], codecov: String) throws -> Set<String> {
    guard !profiles.isEmpty else { return [] }
    let trial = try runner.capture(
      toolchain.llvmProfdata,
      ["merge", "-sparse", "--failure-mode=all"] + profiles + [
        "-o", "\(codecov)/covgate-check.profdata",
      ], in: nil)
    return Set(profiles.filter { trial.stderr.contains("warning: \($0): ") })
  }

  /// Where test binaries list their tests: an instrumented binary writes a `default.profraw`
  /// wherever it runs, which must not land in the package.
  func listingFolder(binPath: String) throws -> String {
    let folder = "\(binPath)/codecov/covgate-listing"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }
}

/// Which tests a per-test run takes, from the arguments given after `--`.
struct TestSelection {
  var buildFlags: [String]
  var filters: [NSRegularExpression] = []
  var skips: [NSRegularExpression] = []

  init(arguments: [String]) throws {
    buildFlags = Self.buildFlags(in: arguments)
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if ["--filter", "--skip"].contains(argument), index + 1 < arguments.count {
        let pattern = arguments[index + 1]
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
          throw ToolchainError.commandFailed(
            command: "\(argument) \(pattern)", exitCode: 64, detail: "not a regular expression")
        }
        if argument == "--filter" { filters.append(regex) } else { skips.append(regex) }
        index += 1
      }
      index += 1
    }
  }

  /// The flags that decide what is built and where, with their values: `-c`, `--configuration`,
  /// `--scratch-path`, `--build-path`, `--triple`, and the compiler and linker flags (`-Xswiftc`,
  /// `-Xcc`, `-Xcxx`, `-Xlinker`): a build without them would be another build.
  static func buildFlags(in arguments: [String]) -> [String] {
    let locationFlags = movingFlags.union(["-Xswiftc", "-Xcc", "-Xcxx", "-Xlinker"])
    var passed: [String] = []
    var index = 0
    while index < arguments.count {
      if locationFlags.contains(arguments[index]), index + 1 < arguments.count {
        passed += arguments[index...index + 1]
        index += 1
      }
      index += 1
    }
    return passed
  }

  /// The flags that put the build in another folder than `.build/debug`.
  static let movingFlags: Set<String> = [
    "-c", "--configuration", "--scratch-path", "--build-path", "--triple",
  ]

  /// Whether `buildFlags` (flag and value pairs) put the build in another folder.
  static func movesBuild(_ buildFlags: [String]) -> Bool {
    stride(from: 0, to: buildFlags.count, by: 2).contains { movingFlags.contains(buildFlags[$0]) }
  }

  func includes(_ test: TestCase) -> Bool {
    func matches(_ regex: NSRegularExpression) -> Bool {
      regex.firstMatch(in: test.id, range: NSRange(test.id.startIndex..., in: test.id)) != nil
    }
    return (filters.isEmpty || filters.contains(where: matches)) && !skips.contains(where: matches)
  }
}
