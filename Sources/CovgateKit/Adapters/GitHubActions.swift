import CoverageModel
import CoverageReports
import Foundation

/// What GitHub Actions asks of covgate, read once from the environment at the edge:
/// annotations for failed verdicts and warnings, and the Markdown summary for the run's page.
public struct GitHubActions: Sendable {
  /// `GITHUB_ACTIONS=true`: print workflow commands for failed verdicts and warnings.
  public let annotates: Bool
  /// `GITHUB_STEP_SUMMARY`: the file the job summary is appended to.
  let stepSummaryPath: String?
  /// `GITHUB_WORKSPACE`: the repository folder, to make annotation paths repository-relative.
  let workspace: String?

  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    annotates = environment["GITHUB_ACTIONS"] == "true"
    stepSummaryPath = environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
    workspace = environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The package folder inside the workspace with a trailing slash (`Packages/Core/`), empty
  /// when the package is the workspace or lies outside it.
  func pathPrefix(packageRoot: String) -> String {
    guard let workspace else { return "" }
    let base = URL(fileURLWithPath: workspace).standardizedFileURL.resolvingSymlinksInPath().path
    let root = URL(fileURLWithPath: packageRoot).standardizedFileURL.resolvingSymlinksInPath().path
    guard root.hasPrefix(base + "/") else { return "" }
    return String(root.dropFirst(base.count + 1)) + "/"
  }

  /// The workflow commands for `report`, or none outside GitHub Actions.
  public func annotations(_ report: CoverageReport) -> [String] {
    guard annotates else { return [] }
    return GitHubAnnotations(pathPrefix: pathPrefix(packageRoot: report.packageRoot)).lines(report)
  }

  /// The workflow commands for the surviving mutants `report` shows alone, or none outside
  /// GitHub Actions.
  public func survivorAnnotations(_ report: CoverageReport) -> [String] {
    guard annotates else { return [] }
    return GitHubAnnotations(pathPrefix: pathPrefix(packageRoot: report.packageRoot))
      .survivorLines(report)
  }

  /// Appends the Markdown summary to the step summary file, when there is one.
  public func appendStepSummary(_ report: CoverageReport, heading: ReportHeading = ReportHeading())
    throws
  {
    try appendStepSummary(markdown: MarkdownReport(heading: heading).markdown(report))
  }

  /// Appends `markdown` to the step summary file, when there is one (`covgate mutate` adds its
  /// report after the run's).
  public func appendStepSummary(markdown: String) throws {
    guard let stepSummaryPath else { return }
    if !FileManager.default.fileExists(atPath: stepSummaryPath) {
      _ = FileManager.default.createFile(atPath: stepSummaryPath, contents: nil)
    }
    guard let handle = FileHandle(forWritingAtPath: stepSummaryPath) else {
      throw OutputError(
        path: stepSummaryPath, reason: "cannot open GITHUB_STEP_SUMMARY for appending")
    }
    defer { try? handle.close() }
    try handle.seekToEnd()
    // A blank line first, so the summary never runs on from what an earlier step wrote.
    try handle.write(contentsOf: Data(("\n" + markdown).utf8))
  }
}
