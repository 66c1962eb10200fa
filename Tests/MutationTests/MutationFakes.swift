import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation

@testable import Mutation

/// The toolchain as a mutation run sees it: a build that compiles (or fails as told), the
/// tests it lists, and a launcher whose tests end as `ending` says.
final class FakeMutantTesting: MutantTesting, @unchecked Sendable {
  private let lock = NSLock()
  let tests: [TestCase]
  let launcher: FakeLauncher
  /// The fresh processes static mutants' tests run in: the same endings, its own record.
  let fresh: FakeLauncher
  /// What each build returns, in order; the last one repeats.
  var builds: [CommandResult] = [CommandResult(exitCode: 0, stdout: "", stderr: "")]
  private(set) var buildCount = 0

  init(tests: [TestCase], launcher: FakeLauncher) {
    self.tests = tests
    self.launcher = launcher
    self.fresh = FakeLauncher(ending: launcher.ending)
  }

  func locateToolchain() throws -> Toolchain {
    Toolchain(swift: "/fake/swift", llvmCov: "/fake/llvm-cov", llvmProfdata: "/fake/llvm-profdata")
  }

  func buildTestsKeepingOutput(root: String, flags: [String], toolchain: Toolchain) throws
    -> CommandResult
  {
    lock.withLock {
      defer { buildCount += 1 }
      return builds[min(buildCount, builds.count - 1)]
    }
  }

  func binPath(root: String, flags: [String], toolchain: Toolchain) throws -> String {
    "\(root)/.build/debug"
  }

  func testsAndLauncher(root: String, flags: [String], fresh: Bool, toolchain: Toolchain) throws
    -> (tests: [TestCase], launcher: any TestProcessLaunching)
  {
    (tests, launcher)
  }

  func freshLauncher() -> any TestProcessLaunching { fresh }

  func command(running test: TestCase) throws -> TestCommand {
    TestCommand(executable: test.binary, arguments: [test.id], environment: ["FAKE": "1"])
  }
}

/// Test processes that end as `ending` says for a mutant and a test, recording every start.
final class FakeLauncher: TestProcessLaunching, @unchecked Sendable {
  /// One start of a test: the mutant switched on, the test, its time limit.
  struct Start: Equatable {
    var mutant: Int
    var test: String
    var timeout: TimeInterval?
  }

  private let lock = NSLock()
  private var recorded: [Start] = []
  let ending: @Sendable (_ mutant: Int, _ test: String) -> StreamResult
  var notes: [String] = []

  init(ending: @escaping @Sendable (_ mutant: Int, _ test: String) -> StreamResult) {
    self.ending = ending
  }

  var starts: [Start] { lock.withLock { recorded } }

  func run(
    _ executable: String, _ arguments: [String], in directory: String?,
    environment: [String: String], log: String, timeout: TimeInterval?
  ) throws -> StreamResult {
    let mutant = Int(environment["COVGATE_MUTANT"] ?? "") ?? 0
    let test = arguments.first ?? ""
    precondition(environment["FAKE"] == "1", "the platform's command was not used")
    lock.withLock { recorded.append(Start(mutant: mutant, test: test, timeout: timeout)) }
    return ending(mutant, test)
  }

  func finish() -> [String] { notes }
}

/// A package on disk with one gated source and the services a mutation run of it uses, fakes
/// each: the baseline's test map says which tests ran which function.
final class MutationFixture: @unchecked Sendable {
  let root: String
  let workspace: String
  let events = EventLog()
  var config: GateConfig = .defaults
  var testMap: TestMap?
  var changes = ChangeSet(base: "main", baseCommit: "base", files: [])
  let testing: FakeMutantTesting
  /// Per run of the test map, the tests it was told to skip.
  private(set) var skipped: [Set<String>] = []

  /// `Sources/Lib/Price.swift`: `total` (lines 1-4) and `discount` (lines 6-8).
  static let source = """
    func total(_ a: Int, _ b: Int) -> Int {
      if a > b { return a - b }
      return a + b
    }

    func discount(_ price: Int) -> Bool {
      price >= 100
    }

    """
  static let file = "Sources/Lib/Price.swift"

  /// `source` and `functions` replace `Price.swift`'s text and its functions in the map.
  init(
    tests: [TestCaseResult], ran: [[Int]], source: String = MutationFixture.source,
    functions: [TestMap.Function]? = nil,
    ending: @escaping @Sendable (_ mutant: Int, _ test: String) -> StreamResult
  ) throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-mutation-\(UUID().uuidString)"
    ).path
    root = "\(base)/package"
    workspace = "\(base)/workspace"
    try FileManager.default.createDirectory(
      atPath: "\(root)/Sources/Lib", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: "\(root)/Tests/LibTests", withIntermediateDirectories: true)
    try source.write(toFile: "\(root)/\(Self.file)", atomically: true, encoding: .utf8)
    try "final class PriceTests {}\n".write(
      toFile: "\(root)/Tests/LibTests/PriceTests.swift", atomically: true, encoding: .utf8)
    testMap = TestMap(
      commit: "abc", binaries: [], tests: tests,
      functions: functions ?? [
        TestMap.Function(name: "total", file: Self.file, firstLine: 1, lastLine: 4),
        TestMap.Function(name: "discount", file: Self.file, firstLine: 6, lastLine: 8),
      ], ran: ran)
    testing = FakeMutantTesting(
      tests: tests.map { TestCase(id: $0.id, library: .xctest, binary: "/fake/LibTests.xctest") },
      launcher: FakeLauncher(ending: ending))
  }

  deinit {
    try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
  }

  /// The coverage report the baseline run gives: the one source, in the gated `logic` layer.
  var baseline: CoverageReport {
    var report = CoverageReport(
      packageName: "Lib", packageRoot: root, totals: .zero,
      layers: [
        LayerReport(name: "logic", gated: true, thresholds: [:], totals: .zero, targets: [])
      ],
      files: [
        ScopedFile(
          path: Self.file, target: "Lib", layer: "logic",
          coverage: FileCoverage(path: Self.file, summary: .zero))
      ],
      targetsWithoutData: [], excludedFiles: [], gate: GateResult(verdicts: []),
      capabilities: .llvmCov)
    report.testMap = testMap
    return report
  }

  var services: MutationServices {
    MutationServices(
      tests: testing, coverageBuildFlags: ["--enable-code-coverage"],
      sources: { [self] root, config, _ in
        events.add("sources \(root == self.root) \(config.patch.base ?? "-")")
        var report = baseline
        report.testMap = nil
        return report
      },
      baseline: { [self] run in
        events.add("baseline \(run.root == "\(workspace)/package") \(run.config.patch.base ?? "-")")
        skipped.append(run.perTest.skipping)
        return baseline
      },
      changes: { [self] base, _ in
        events.add("changes \(base)")
        return changes
      },
      commit: { _ in "0123456789abcdef0123456789abcdef01234567" },
      phase: { [events] in events.add("phase \($0)") },
      notice: { [events] in events.add("notice \($0)") })
  }

  func settings(_ scope: MutationSettings.Scope = .all) -> MutationSettings {
    MutationSettings(
      packageRoot: root, config: config, scope: scope, workspace: workspace, jobs: 2)
  }

  func run(
    _ scope: MutationSettings.Scope = .all, change: (inout MutationSettings) -> Void = { _ in }
  )
    throws -> MutationReport
  {
    var settings = settings(scope)
    change(&settings)
    return try MutationRun(settings: settings, services: services).run()
  }
}

/// A passing test of the map that took `seconds`.
func passed(_ id: String, seconds: Double) -> TestCaseResult {
  TestCaseResult(id: id, library: .xctest, status: .passed, seconds: seconds)
}
