import CoverageModel
import Foundation

extension Pipeline {
  /// `covgate run --mutate`: once the mutants have run, the run's coverage reports are written
  /// again with their survivors (marked on their lines in the site, counted in the Markdown the
  /// pull request shows), atomically, as `--mutation-report` would show them. Returns GitHub's
  /// annotations of the survivors (none outside GitHub Actions); the run's own were printed.
  /// A run given `--mutation-report` keeps that report's findings.
  public func showSurvivors(
    _ findings: MutationFindings, in report: CoverageReport,
    gitHub: GitHubActions = GitHubActions()
  ) throws -> [String] {
    guard settings.mutationReport == nil else { return [] }
    var marked = report
    marked.mutation = findings
    _ = try publish(marked)
    return gitHub.survivorAnnotations(marked)
  }
}
