import CoverageAcquisition
import CovgateSupport
import Foundation

/// Runs each mutant's tests (the tests that ran its line, fastest first) with the mutant
/// switched on, `jobs` mutants at a time, each test in a process of its own (forked from a test
/// server when the launcher has them): a mutant ends at the first test that fails, crashes or
/// runs past its time, and survives when every one passes.
public struct MutantRunner: Sendable {
  let launcher: any TestProcessLaunching
  let jobs: Int
  /// The command that runs a test alone (the platform's).
  let command: @Sendable (TestCase) throws -> TestCommand

  public init(
    launcher: any TestProcessLaunching, jobs: Int,
    command: @escaping @Sendable (TestCase) throws -> TestCommand
  ) {
    self.launcher = launcher
    self.jobs = max(1, jobs)
    self.command = command
  }

  /// One mutant's tests.
  public struct Job: Sendable {
    public var mutant: Int
    /// In the order to run them, each with its time limit in seconds.
    public var tests: [(test: TestCase, timeout: TimeInterval)]

    public init(mutant: Int, tests: [(test: TestCase, timeout: TimeInterval)]) {
      self.mutant = mutant
      self.tests = tests
    }
  }

  /// How a mutant's tests ended.
  public struct Outcome: Sendable, Equatable {
    public enum Ending: String, Sendable, Equatable {
      /// A test failed: the tests notice the fault.
      case killed
      /// A test ended on a signal.
      case crashed
      /// A test ran past its limit (an endless loop, most often): counted apart from kills.
      case timedOut
      /// Every test passed.
      case survived
    }

    public var ending: Ending
    /// The test that ended it, unless it survived.
    public var test: String?
    /// How many of its tests ran.
    public var testsRun: Int
    public var seconds: Double
  }

  /// Runs `jobs` in `directory`; test output and profiles go to `folder` (emptied first and
  /// removed after). Outcomes come back in the order of `jobs`.
  public func run(_ work: [Job], in directory: String?, folder: String) throws -> (
    outcomes: [Outcome], notes: [String]
  ) {
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let queue = WorkQueue(order: Array(work.indices))
    let outcomes = Slots<Outcome>(count: work.count)
    let group = DispatchGroup()
    for _ in 0..<min(jobs, work.count) {
      group.enter()
      Threads.start {
        defer { group.leave() }
        while let index = queue.next() {
          outcomes.set(index, Result { try run(work[index], in: directory, folder: folder) })
        }
      }
    }
    group.wait()
    let notes = launcher.finish()
    return (try outcomes.all(), notes)
  }

  private func run(_ job: Job, in directory: String?, folder: String) throws -> Outcome {
    let start = Date()
    let environment = [
      "COVGATE_MUTANT": String(job.mutant),
      "LLVM_PROFILE_FILE": "\(folder)/\(job.mutant).%p.profraw",
    ]
    let log = "\(folder)/\(job.mutant).log"
    for (index, (test, timeout)) in job.tests.enumerated() {
      let command = try self.command(test)
      let ended = try launcher.run(
        command.executable, command.arguments, in: directory,
        environment: command.environment(adding: environment), log: log,
        timeout: timeout)
      let ending: Outcome.Ending? =
        ended.timedOut
        ? .timedOut : ended.signal != nil ? .crashed : ended.exitCode != 0 ? .killed : nil
      removeProfiles(of: job.mutant, in: folder)
      if let ending {
        return Outcome(
          ending: ending, test: test.id, testsRun: index + 1,
          seconds: Date().timeIntervalSince(start))
      }
    }
    return Outcome(
      ending: .survived, test: nil, testsRun: job.tests.count,
      seconds: Date().timeIntervalSince(start))
  }

  /// Profiles are written because the binaries are instrumented; a mutant's counts are of no use.
  private func removeProfiles(of mutant: Int, in folder: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names where name.hasPrefix("\(mutant).") && name.hasSuffix(".profraw") {
      try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")
    }
  }
}
