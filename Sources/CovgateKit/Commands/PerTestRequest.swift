import CoverageAcquisition
import Foundation

/// `--per-test` as the command line gives it, in plain values; the kit makes the runner's
/// settings from it.
public struct PerTestRequest: Sendable, Equatable {
  /// How many tests run at once; nil: the number of cores.
  public var jobs: Int?
  /// Only the K-th of N parts of the tests, `K/N`.
  public var shard: String?
  /// Start every test's process from scratch instead of forking it from a test server.
  public var freshProcesses: Bool
  /// A folder of test binaries already built with coverage, relative to the current folder or
  /// absolute: nothing is built.
  public var builtTests: String?

  public init(
    jobs: Int? = nil, shard: String? = nil, freshProcesses: Bool = false, builtTests: String? = nil
  ) {
    self.jobs = jobs
    self.shard = shard
    self.freshProcesses = freshProcesses
    self.builtTests = builtTests
  }

  /// Whether `argument` names a shard: `K/N` with 1 <= K <= N.
  public static func isShard(_ argument: String) -> Bool {
    Shard(argument: argument) != nil
  }

  /// The runner's settings: the given jobs (or the cores), the shard parsed, the folder of built
  /// tests made absolute.
  var settings: PerTestSettings {
    var settings = jobs.map { PerTestSettings(jobs: $0) } ?? PerTestSettings()
    settings.shard = shard.flatMap(Shard.init(argument:))
    settings.freshProcesses = freshProcesses
    settings.builtTests = builtTests.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    return settings
  }
}
