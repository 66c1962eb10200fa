import CoverageAcquisition
import CoverageModel
import Foundation
import XCTest

@testable import Mutation

/// The runner of mutants' tests with a fake launcher: each mutant's tests in order with the
/// mutant switched on, ending at the first that does not pass, outcomes back in the jobs' order.
final class MutantRunnerTests: XCTestCase {
  private func test(_ name: String) -> TestCase {
    TestCase(id: "LibTests.T/\(name)", library: .xctest, binary: "/fake/LibTests.xctest")
  }

  private func runner(_ launcher: FakeLauncher, jobs: Int = 2) -> MutantRunner {
    MutantRunner(launcher: launcher, jobs: jobs) { test in
      TestCommand(executable: test.binary, arguments: [test.id], environment: ["FAKE": "1"])
    }
  }

  private var folder: String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-mutants-\(UUID().uuidString)"
    ).path
  }

  func testOutcomesComeBackInTheJobsOrderWithTheTestThatEndedEach() throws {
    let launcher = FakeLauncher { mutant, test in
      switch (mutant, test) {
      case (1, "LibTests.T/b"): StreamResult(exitCode: 1)
      case (2, _): StreamResult(exitCode: 0)
      case (3, "LibTests.T/a"): StreamResult(exitCode: 0, signal: 6)
      case (4, "LibTests.T/b"): StreamResult(exitCode: 0, timedOut: true)
      default: StreamResult(exitCode: 0)
      }
    }
    let tests = [(test: test("a"), timeout: 5.0), (test: test("b"), timeout: 7.0)]
    let jobs = (1...4).map { MutantRunner.Job(mutant: $0, tests: tests) }
    let folder = folder
    let run = try runner(launcher).run(jobs, in: nil, folder: folder)
    XCTAssertEqual(run.outcomes.map(\.ending), [.killed, .survived, .crashed, .timedOut])
    XCTAssertEqual(run.outcomes.map(\.test), ["LibTests.T/b", nil, "LibTests.T/a", "LibTests.T/b"])
    XCTAssertEqual(run.outcomes.map(\.testsRun), [2, 2, 1, 2])
    // Mutant 3 crashed at its first test: its second never started.
    XCTAssertEqual(
      launcher.starts.filter { $0.mutant == 3 },
      [FakeLauncher.Start(mutant: 3, test: "LibTests.T/a", timeout: 5)])
    XCTAssertEqual(
      launcher.starts.filter { $0.mutant == 2 }.map(\.timeout), [5, 7])
    // The scratch folder for the tests' output is gone.
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
  }

  func testTheLaunchersNotesComeBackOnce() throws {
    let launcher = FakeLauncher { _, _ in StreamResult(exitCode: 0) }
    launcher.notes = ["one note"]
    let run = try runner(launcher, jobs: 1).run(
      [MutantRunner.Job(mutant: 1, tests: [(test: test("a"), timeout: 5)])], in: nil,
      folder: folder)
    XCTAssertEqual(run.notes, ["one note"])
    XCTAssertEqual(run.outcomes.map(\.ending), [.survived])
  }
}
