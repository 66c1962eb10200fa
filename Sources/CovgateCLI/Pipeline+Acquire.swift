import CoverageGate
import CoverageModel
import LLVMCoverage

/// Where a command's coverage comes from: a test run, or exports made elsewhere.
enum CoverageSource {
  /// Run `swift test` with these extra arguments, stopping it after `timeout` seconds.
  case tests(arguments: [String], timeout: Double? = nil)
  /// Read these llvm-cov export files (several are merged).
  case exports([String])
}

extension Pipeline {
  /// The evaluated report of the package at `root`, from tests or exports.
  func report(from source: CoverageSource, root: String) throws -> (CoverageReport, GateConfig) {
    switch source {
    case .exports(let paths):
      // The exports are read on the other core while the package and its sources are read;
      // errors still come in the same order (config and package first).
      let early = Background { try load(exports: paths) }
      let (package, config) = try prepare(root: root, swift: try platform.locateSwift())
      let markers = try exclusionMarkers(package: package, config: config)
      var data = try early.value()
      if !markers.isEmpty, !readsFunctions(exports: paths) {
        data = try load(exports: paths, functions: true)
      }
      return (
        try evaluate(data, package: package, config: config, tests: nil, markers: markers), config
      )
    case .tests(let arguments, let timeout):
      let toolchain = try platform.locateToolchain()
      let (package, config) = try prepare(root: root, swift: toolchain.swift)
      let acquisition = try TestRunner(
        toolchain: toolchain, platform: platform, onPhase: { [terminal] in terminal.phase($0) }
      ).run(root: root, packageName: package.name, arguments: arguments, timeout: timeout)
      if let timedOut = acquisition.timeout { terminal.error(timedOut.description) }
      let tests = TestOutcome(
        passed: acquisition.testExitCode == 0 && acquisition.timeout == nil,
        exitCode: acquisition.testExitCode)
      let markers = try exclusionMarkers(package: package, config: config)
      let data = try load(exports: [acquisition.exportPath], functions: !markers.isEmpty)
      return (
        try evaluate(data, package: package, config: config, tests: tests, markers: markers), config
      )
    }
  }

  /// Publishes the report, raises the baseline when asked, and gives the exit code.
  func finish(_ report: CoverageReport, config: GateConfig, root: String) throws -> Int32 {
    try publishRecordingHistory(report, config: config, root: root)
    try updateBaselineIfAsked(report, config: config)
    if let tests = report.tests, !tests.passed { return CovgateExit.testsFailed }
    return report.gate.passed ? CovgateExit.passed : CovgateExit.gateFailed
  }
}
