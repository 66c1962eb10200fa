/// The evaluated model every report renders: scoped files, layers, targets and verdicts.
///
/// Renderers read it and never recompute figures.
public struct CoverageReport: Sendable {
  public var packageName: String
  /// Absolute path of the package root.
  public var packageRoot: String
  public var totals: Summary
  public var layers: [LayerReport]
  /// Every kept file, sorted by path.
  public var files: [ScopedFile]
  public var targetsWithoutData: [TargetWithoutData]
  public var excludedFiles: [ExcludedFile]
  public var gate: GateResult
  /// How the tests went when covgate ran them; `nil` when it read existing exports.
  public var tests: TestOutcome?
  /// Coverage of the changed lines, when a base was given.
  public var patch: PatchCoverage?
  /// Lines taken out by in-source markers, each with its reason.
  public var exclusions: [Exclusion] = []
  /// Earlier runs and this one, oldest first, from the history database; empty without history.
  public var history: [HistoryPoint]
  /// Which tests ran each function, after a per-test run.
  public var testMap: TestMap?
  /// What ran in some runs and not in others, after `run --repeat N`.
  public var varying: VaryingCoverage?
  /// What the figures' data held, and whose figures these are.
  public var capabilities: Capabilities
  /// The runs whose lines were merged, named, when files say which run ran a line
  /// (`FileCoverage.runsByLine`).
  public var runNames: [String] = []
  /// What the reader adjusted in the producer's data (`CoverageData.inputNotes`).
  public var inputNotes: [String] = []
  /// What a mutation run found on this code (`--mutation-report`), nil without one.
  public var mutation: MutationFindings?

  public init(
    packageName: String, packageRoot: String, totals: Summary, layers: [LayerReport],
    files: [ScopedFile], targetsWithoutData: [TargetWithoutData], excludedFiles: [ExcludedFile],
    gate: GateResult, capabilities: Capabilities, tests: TestOutcome? = nil,
    history: [HistoryPoint] = []
  ) {
    self.capabilities = capabilities
    self.packageName = packageName
    self.packageRoot = packageRoot
    self.totals = totals
    self.layers = layers
    self.files = files
    self.targetsWithoutData = targetsWithoutData
    self.excludedFiles = excludedFiles
    self.gate = gate
    self.tests = tests
    self.history = history
  }
}

extension CoverageReport {
  /// The layers to show as rows: those with a target, with or without data. A built-in layer
  /// that nothing in the package falls into (`ui-glue` without UI targets) is left out.
  public var shownLayers: [LayerReport] {
    let withoutData = Set(targetsWithoutData.map(\.layer))
    return layers.filter { !$0.targets.isEmpty || withoutData.contains($0.name) }
  }
}

/// One layer with its figures and targets.
public struct LayerReport: Sendable, Hashable {
  public var name: String
  public var gated: Bool
  public var thresholds: Thresholds
  public var totals: Summary
  public var targets: [TargetReport]

  public init(
    name: String, gated: Bool, thresholds: Thresholds, totals: Summary, targets: [TargetReport]
  ) {
    self.name = name
    self.gated = gated
    self.thresholds = thresholds
    self.totals = totals
    self.targets = targets
  }
}

/// One target's figures.
public struct TargetReport: Sendable, Hashable {
  public var name: String
  public var totals: Summary
  public var fileCount: Int

  public init(name: String, totals: Summary, fileCount: Int) {
    self.name = name
    self.totals = totals
    self.fileCount = fileCount
  }
}

/// A kept source file with its place in the package.
public struct ScopedFile: Sendable, Hashable {
  /// Path relative to the package root.
  public var path: String
  public var target: String
  public var layer: String
  public var coverage: FileCoverage

  public init(path: String, target: String, layer: String, coverage: FileCoverage) {
    self.path = path
    self.target = target
    self.layer = layer
    self.coverage = coverage
  }

  public var summary: Summary { coverage.summary }
}

/// An in-scope target that has no coverage data at all.
public struct TargetWithoutData: Sendable, Hashable, Codable {
  public var name: String
  public var layer: String
  /// Package-relative target folder.
  public var path: String
  public var sourceFiles: Int
  public var sourceLines: Int
  /// Why there is no data, as far as covgate can tell.
  public var reason: String

  public init(
    name: String, layer: String, path: String, sourceFiles: Int, sourceLines: Int, reason: String
  ) {
    self.name = name
    self.layer = layer
    self.path = path
    self.sourceFiles = sourceFiles
    self.sourceLines = sourceLines
    self.reason = reason
  }
}

/// A file present in the data but left out of the figures, and why.
public struct ExcludedFile: Sendable, Hashable, Codable {
  /// Package-relative path when under the package, else the path as exported.
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

/// The gate's verdicts and whether it passed.
public struct GateResult: Sendable, Hashable {
  public var verdicts: [Verdict]

  public init(verdicts: [Verdict]) {
    self.verdicts = verdicts
  }

  /// Passed when no verdict failed.
  public var passed: Bool { !verdicts.contains { $0.status == .failed } }
  public var failures: [Verdict] { verdicts.filter { $0.status == .failed } }
  public var warnings: [Verdict] { verdicts.filter { $0.status == .warning } }
}

/// How `swift test` went.
public struct TestOutcome: Sendable, Hashable, Codable {
  public var passed: Bool
  public var exitCode: Int32
  /// Each test run in a process of its own (`--per-test`, or a crashed test binary run again
  /// one test per process); empty when the tests ran together.
  public var results: [TestCaseResult]
  /// Test binaries whose run ended without coverage (a crash) and were run again one test per
  /// process, e.g. `XCTest in SamplePackageTests.xctest`.
  public var recovered: [String]
  /// The failed tests the run's output named, first failure of each, in the order they failed.
  public var failures: [TestFailure]

  public init(
    passed: Bool, exitCode: Int32, results: [TestCaseResult] = [], recovered: [String] = [],
    failures: [TestFailure] = []
  ) {
    self.passed = passed
    self.exitCode = exitCode
    self.results = results
    self.recovered = recovered
    self.failures = failures
  }

  /// What every report lists under the verdict of a red run: each failed test with where and
  /// why when its output said (`failures`), else the tests a per-test run saw fail.
  public var failedTestLines: [String] {
    if !failures.isEmpty { return failures.map(\.line) }
    return results.compactMap { result in
      switch result.status {
      case .failed: result.id
      case .timedOut: "\(result.id): \(result.timedOutText)"
      case .passed, .crashed: nil
      }
    }
  }

  /// The tests that crashed: their coverage is missing from the figures.
  public var crashed: [TestCaseResult] { results.filter { $0.status == .crashed } }

  /// `tests FAILED` or `tests CRASHED` when the tests did not pass: the first words of every
  /// report, before any word about the gate.
  public var label: String? {
    guard !passed else { return nil }
    return crashed.isEmpty ? "tests FAILED" : "tests CRASHED"
  }

  /// What went wrong, in one sentence, when the tests did not pass.
  public var detail: String? {
    guard !passed else { return nil }
    let crashed = crashed
    var text: String
    if !crashed.isEmpty {
      let names = crashed.prefix(3).map {
        "\($0.id) (\($0.signal.map { "signal \($0)" } ?? "killed"))"
      }
      text =
        "\(crashed.count) crashed: \(names.joined(separator: ", "))\(crashed.count > 3 ? ", ..." : ""); "
        + "their coverage is missing, the other tests' is measured"
    } else if !results.isEmpty {
      let notPassed = results.filter { $0.status != .passed }
      let named = notPassed.prefix(3).map { result in
        "\(result.id) (\(result.status == .timedOut ? result.timedOutText : result.status.rawValue))"
      }
      text =
        "\(notPassed.count) of \(results.count) tests did not pass"
        + (named.isEmpty
          ? "" : ": \(named.joined(separator: ", "))\(notPassed.count > 3 ? ", ..." : "")")
        + "; the coverage below is from the run as it went"
    } else {
      text =
        "the tests ended with exit code \(exitCode); the coverage below is from the run as it went"
    }
    if !recovered.isEmpty {
      text +=
        " (\(recovered.joined(separator: ", ")) ended without coverage and was run again one test per process)"
    }
    return text
  }
}
