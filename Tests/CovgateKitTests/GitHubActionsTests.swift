import CoverageModel
import Foundation
import XCTest

@testable import CovgateKit

final class GitHubActionsTests: XCTestCase {
  private let report = CoverageReport(
    packageName: "Demo", packageRoot: "/work/repo/Packages/Demo", totals: .zero, layers: [],
    files: [], targetsWithoutData: [], excludedFiles: [],
    gate: GateResult(verdicts: [
      Verdict(
        rule: .fileMinimum, scopeKind: .file, scope: "Sources/A.swift", metric: .lines,
        actual: Metric(covered: 1, count: 4), required: 50, status: .failed,
        message: "Sources/A.swift: lines 25.00% (1/4) is below the file minimum 50%")
    ]), capabilities: .llvmCov)

  func testOnlyGitHubActionsAnnotates() {
    XCTAssertEqual(GitHubActions(environment: [:]).annotations(report), [])
    XCTAssertEqual(GitHubActions(environment: ["GITHUB_ACTIONS": "false"]).annotations(report), [])
    XCTAssertEqual(
      GitHubActions(environment: ["GITHUB_ACTIONS": "true"]).annotations(report),
      [
        "::error file=Sources/A.swift,line=1,title=covgate::Sources/A.swift: lines 25.00%25 (1/4) is below the file minimum 50%25"
      ])
  }

  /// `run --mutate`'s survivors are annotated alone, after the run's own annotations were
  /// printed: the verdicts are not said twice.
  func testSurvivorAnnotationsAreTheSurvivorsAlone() {
    var marked = report
    marked.mutation = MutationFindings(
      layers: [],
      survivors: [
        MutationFindings.Survivor(
          id: 4, file: "Sources/A.swift", line: 3, column: 9, kind: "negated-comparison",
          original: "a < b", mutated: "a >= b", tests: ["ATests/testA"])
      ], page: nil)
    let actions = GitHubActions(environment: [
      "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/work/repo",
    ])
    XCTAssertEqual(
      actions.survivorAnnotations(marked),
      [
        "::warning file=Packages/Demo/Sources/A.swift,line=3,col=9,title=covgate mutate%3A survived::negated-comparison: `a < b` → `a >= b` and every test that ran the line still passed (ran by ATests/testA); add an assertion that tells them apart"
      ])
    XCTAssertEqual(actions.annotations(marked).count, 2)
    XCTAssertEqual(GitHubActions(environment: [:]).survivorAnnotations(marked), [])
    XCTAssertEqual(actions.survivorAnnotations(report), [])
  }

  func testPathsAreMadeRelativeToTheWorkspace() {
    let actions = GitHubActions(environment: [
      "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/work/repo/",
    ])
    XCTAssertEqual(actions.pathPrefix(packageRoot: "/work/repo/Packages/Demo"), "Packages/Demo/")
    XCTAssertEqual(actions.pathPrefix(packageRoot: "/work/repo"), "")
    XCTAssertEqual(actions.pathPrefix(packageRoot: "/work/repository"), "")
    XCTAssertEqual(actions.pathPrefix(packageRoot: "/elsewhere"), "")
    XCTAssertTrue(
      actions.annotations(report).first?.hasPrefix("::error file=Packages/Demo/Sources/A.swift,")
        ?? false)
  }

  func testTheSummaryIsAppendedOnlyWhenAsked() throws {
    let path = NSTemporaryDirectory() + "covgate-summary-\(UUID().uuidString).md"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try GitHubActions(environment: [:]).appendStepSummary(report)
    try GitHubActions(environment: ["GITHUB_STEP_SUMMARY": ""]).appendStepSummary(report)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))

    let actions = GitHubActions(environment: ["GITHUB_STEP_SUMMARY": path])
    try actions.appendStepSummary(report)
    try "between\n".appendTo(path)
    try actions.appendStepSummary(report)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(text.hasPrefix("\n### covgate: Demo: gate FAILED\n"), text)
    XCTAssertEqual(text.components(separatedBy: "### covgate: Demo: gate FAILED").count, 3, text)
    XCTAssertTrue(text.contains("\nbetween\n\n### covgate"), text)
  }

  func testAnUnwritableSummaryIsAnError() {
    let actions = GitHubActions(environment: ["GITHUB_STEP_SUMMARY": "/nonexistent/dir/summary.md"])
    XCTAssertThrowsError(try actions.appendStepSummary(report))
  }
}

extension String {
  fileprivate func appendTo(_ path: String) throws {
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(utf8))
  }
}
