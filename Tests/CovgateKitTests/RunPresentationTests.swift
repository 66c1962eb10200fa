import CoverageModel
import CoverageReports
import Foundation
import XCTest

@testable import CovgateKit

/// What the CLI prints of a finished run: the text report unless quiet (never hiding that the
/// tests did not pass), GitHub's annotations, and a job summary that could not be written said
/// as a warning, not an error.
final class RunPresentationTests: XCTestCase {
  private let root = NSTemporaryDirectory() + "covgate-presentation-\(UUID().uuidString)"

  private var pipeline: Pipeline {
    var settings = RunSettings(
      packageRoot: root, config: .defaults, source: .exports(["\(root)/export.json"]))
    settings.heading = ReportHeading(title: "Nightly")
    return Pipeline(
      settings: settings,
      services: .live(root: root, observer: RecordingObserver(log: EventLog())))
  }

  private func result(testsPassed: Bool?, files: [String] = ["covgate-report.json"])
    -> PipelineResult
  {
    let report = CoverageReport(
      packageName: "Demo", packageRoot: root, totals: .zero, layers: [], files: [],
      targetsWithoutData: [], excludedFiles: [],
      gate: GateResult(verdicts: [
        Verdict(
          rule: .fileMinimum, scopeKind: .file, scope: "Sources/A.swift", metric: .lines,
          actual: Metric(covered: 1, count: 4), required: 50, status: .failed,
          message: "Sources/A.swift: lines 25.00% (1/4) is below the file minimum 50%")
      ]),
      capabilities: .llvmCov,
      tests: testsPassed.map { TestOutcome(passed: $0, exitCode: $0 ? 0 : 1) })
    return PipelineResult(report: report, files: files, folder: "\(root)/.build/covgate")
  }

  func testTheTextReportThenTheAnnotations() {
    let result = result(testsPassed: true)
    let shown = pipeline.presentation(
      of: result, useColor: false, quiet: false,
      gitHub: GitHubActions(environment: ["GITHUB_ACTIONS": "true"]))

    let annotations = GitHubActions(environment: ["GITHUB_ACTIONS": "true"])
      .annotations(result.report)
    XCTAssertEqual(annotations.count, 1)
    XCTAssertEqual(
      shown.output,
      TextReport(useColor: false).text(result.report) + annotations.map { $0 + "\n" }.joined())
    XCTAssertEqual(shown.notes, [])
    XCTAssertEqual(shown.reportsFolder, "\(root)/.build/covgate")
    XCTAssertEqual(shown.outcome, .gateFailed)
  }

  func testQuietHidesTheReportButNotThatTheTestsFailed() {
    let failed = pipeline.presentation(
      of: result(testsPassed: false, files: []), useColor: false, quiet: true,
      gitHub: GitHubActions(environment: [:]))
    XCTAssertEqual(failed.output, "")
    XCTAssertEqual(failed.notes, ["covgate: Demo: tests FAILED, gate FAILED"])
    XCTAssertNil(failed.reportsFolder, "no report was written")
    XCTAssertEqual(failed.outcome, .testsFailed)

    let passed = pipeline.presentation(
      of: result(testsPassed: true), useColor: false, quiet: true,
      gitHub: GitHubActions(environment: [:]))
    XCTAssertEqual(passed.output, "")
    XCTAssertEqual(passed.notes, [])
  }

  func testTheJobSummaryHasTheRunsHeadingAndAnUnwritableOneIsAWarning() throws {
    let summary = NSTemporaryDirectory() + "covgate-summary-\(UUID().uuidString).md"
    defer { try? FileManager.default.removeItem(atPath: summary) }
    let written = pipeline.presentation(
      of: result(testsPassed: nil), useColor: false, quiet: true,
      gitHub: GitHubActions(environment: ["GITHUB_STEP_SUMMARY": summary]))
    XCTAssertEqual(written.notes, [])
    XCTAssertTrue(try String(contentsOfFile: summary, encoding: .utf8).contains("Nightly"))

    let unwritable = pipeline.presentation(
      of: result(testsPassed: nil), useColor: false, quiet: true,
      gitHub: GitHubActions(environment: ["GITHUB_STEP_SUMMARY": "/nonexistent/dir/summary.md"]))
    XCTAssertEqual(unwritable.notes.count, 1)
    XCTAssertTrue(
      unwritable.notes[0].hasPrefix("covgate: warning: job summary not written: "),
      unwritable.notes[0])
  }
}
