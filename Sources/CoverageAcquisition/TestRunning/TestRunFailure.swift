import CoverageModel

/// The build or the tests failed before any coverage was written: a failed test run (exit
/// code 3), not an input error.
public struct TestRunFailure: Error, Equatable, CustomStringConvertible {
  /// `swift test`'s exit code.
  public var exitCode: Int32
  /// The failed tests its output named.
  public var failures: [TestFailure]

  public init(exitCode: Int32, failures: [TestFailure] = []) {
    self.exitCode = exitCode
    self.failures = failures
  }

  public var description: String {
    let named =
      failures.isEmpty
      ? ""
      : "; failed: " + failures.prefix(3).map(\.line).joined(separator: "; ")
        + (failures.count > 3 ? "; and \(failures.count - 3) more" : "")
    return
      "`swift test` failed with exit code \(exitCode): the build or the tests failed before any coverage was written\(named); see the output above"
  }
}

/// Tests crashed and none of their coverage could be recovered, even one test per process:
/// an error naming the test binary, never a report of 0%.
public struct CoverageLost: Error, Equatable, CustomStringConvertible {
  public var binary: String
  public var library: String
  /// The tests that crashed (with their signal) when run one per process.
  public var crashed: [String]

  public init(binary: String, library: String, crashed: [String]) {
    self.binary = binary
    self.library = library
    self.crashed = crashed
  }

  public var description: String {
    "the \(library) tests of \(binary) ended without writing coverage, and run one per process none wrote any"
      + (crashed.isEmpty
        ? ""
        : " (crashed: \(crashed.prefix(3).joined(separator: ", "))\(crashed.count > 3 ? ", ..." : ""))")
      + "; covgate reports no 0% for lost data: fix the crash, or leave those tests out with -- --skip"
  }
}

/// `run --per-test` whose `--filter`/`--skip` left no test to run.
public struct NoTestSelected: Error, Equatable, CustomStringConvertible {
  /// How many tests the binaries listed.
  public var listed: Int
  /// The shard that was left with none.
  public var shard: Shard? = nil

  public var description: String {
    if let shard {
      return
        "shard \(shard.index)/\(shard.count) has no test to run: there are \(listed) tests to split; use fewer shards"
    }
    return listed == 0
      ? "the test binaries list no test (XCTest or Swift Testing); add tests, or run covgate check on an export"
      : "--filter and --skip leave none of the \(listed) tests to run; check the patterns (they match test IDs such as Module.Type/test)"
  }
}
