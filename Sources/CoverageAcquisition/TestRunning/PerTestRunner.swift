import CoverageModel
import CovgateSupport
import Foundation

/// Runs each test in a process of its own, `jobs` at a time, each writing its own raw profile:
/// a test that crashes loses only its own coverage. The longest tests (by `durations`) start
/// first, so that the last ones running are short.
public struct PerTestRunner: Sendable {
  let launcher: any TestProcessLaunching
  let jobs: Int
  /// Per test, in seconds; nil: each test's default limit (`limit(for:)`).
  let timeout: TimeInterval?
  /// Seconds per test ID, from an earlier run.
  let durations: [String: Double]
  /// How a test is started.
  let platform: any Platform
  /// Told the running tests when none has finished for `stallSeconds`.
  let onStall: (@Sendable (String) -> Void)?
  /// After this long without a test finishing, the running tests are named (and again after
  /// each as long).
  let stallSeconds: TimeInterval

  public init(
    launcher: any TestProcessLaunching = LiveTestProcesses(), jobs: Int, timeout: TimeInterval?,
    durations: [String: Double] = [:], platform: any Platform = currentPlatform(),
    onStall: (@Sendable (String) -> Void)? = nil, stallSeconds: TimeInterval = 60
  ) {
    self.stallSeconds = stallSeconds
    self.launcher = launcher
    self.platform = platform
    self.onStall = onStall
    self.jobs = max(1, jobs)
    self.timeout = timeout
    self.durations = durations
  }

  /// The records of a run, and what the launcher had to say about it.
  public struct Run: Sendable {
    public var records: [Record]
    public var notes: [String]
  }

  /// One test's run: how it ended and the raw profiles its processes wrote.
  public struct Record: Sendable, Equatable {
    public var result: TestCaseResult
    public var profiles: [String]
    /// Its output (standard output and error).
    public var log: String
  }

  /// Runs `tests` in `directory`; profiles and logs go to `folder` (emptied first), named by
  /// the test's index. Records come back in the order of `tests`.
  public func run(_ tests: [TestCase], in directory: String?, folder: String) throws -> Run {
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let queue = WorkQueue(order: startOrder(of: tests))
    let records = Slots<Record>(count: tests.count)
    let watch = onStall.map { StallWatch(quiet: stallSeconds, say: $0) }
    watch?.start()
    defer { watch?.stop() }
    let group = DispatchGroup()
    for _ in 0..<min(jobs, tests.count) {
      group.enter()
      Threads.start {
        defer { group.leave() }
        while let index = queue.next() {
          watch?.started(index, name: tests[index].id)
          records.set(
            index, Result { try run(tests[index], index: index, in: directory, folder: folder) })
          watch?.finished(index)
        }
      }
    }
    group.wait()
    let notes = launcher.finish()
    return Run(records: try records.all(), notes: notes)
  }

  /// Without `--timeout`, no test runs without a limit: ten times its time in an earlier run,
  /// at least a minute; ten minutes when it has none.
  public static let defaultLimit = (factor: 10.0, floor: 60.0, unknown: 600.0)

  /// `test`'s time limit in seconds: `timeout`, else the default for its earlier time.
  func limit(for test: TestCase) -> TimeInterval {
    if let timeout { return timeout }
    guard let earlier = durations[test.id] else { return Self.defaultLimit.unknown }
    return max(Self.defaultLimit.floor, earlier * Self.defaultLimit.factor)
  }

  /// The indexes of `tests`, longest first; a test without a duration counts as the average.
  func startOrder(of tests: [TestCase]) -> [Int] {
    let known = tests.compactMap { durations[$0.id] }
    guard !known.isEmpty else { return Array(tests.indices) }
    let average = known.reduce(0, +) / Double(known.count)
    let seconds = tests.map { durations[$0.id] ?? average }
    return tests.indices.sorted {
      seconds[$0] > seconds[$1] || (seconds[$0] == seconds[$1] && $0 < $1)
    }
  }

  private func run(_ test: TestCase, index: Int, in directory: String?, folder: String) throws
    -> Record
  {
    // `%p`: a test that starts processes of its own (exit tests) gets a profile per process.
    let command = try platform.command(running: test)
    let environment = command.environment(adding: [
      "LLVM_PROFILE_FILE": "\(folder)/\(index).%p.profraw"
    ])
    let log = "\(folder)/\(index).log"
    let start = Date()
    let ended = try launcher.run(
      command.executable, command.arguments, in: directory, environment: environment, log: log,
      timeout: limit(for: test))
    let seconds = Date().timeIntervalSince(start)
    let status: TestCaseResult.Status =
      ended.timedOut
      ? .timedOut : ended.signal != nil ? .crashed : ended.exitCode == 0 ? .passed : .failed
    // A process that crashed or was stopped leaves at most an empty or partial profile: only a
    // test that ended by itself counts.
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let written = names.filter { $0.hasPrefix("\(index).") && $0.hasSuffix(".profraw") }.sorted()
      .map { "\(folder)/\($0)" }
    let endedByItself = status == .passed || status == .failed
    if !endedByItself {
      for path in written { try? FileManager.default.removeItem(atPath: path) }
    }
    let profiles = endedByItself ? written.filter { Self.size(of: $0) > 0 } : []
    return Record(
      result: TestCaseResult(
        id: test.id, library: test.library, status: status,
        signal: ended.timedOut ? nil : ended.signal,
        seconds: seconds),
      profiles: profiles, log: log)
  }
}

extension PerTestRunner {
  static func size(of path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }
}
