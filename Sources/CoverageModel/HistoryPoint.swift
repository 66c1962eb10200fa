import Foundation

/// One earlier (or the current) run as the trend chart draws it: when, which commit, and the
/// line figures of the total and of each layer.
///
/// Only integer counts are kept; percentages are derived when drawing.
public struct HistoryPoint: Sendable, Hashable {
  /// When the run happened.
  public var date: Date
  /// The commit the run measured; empty when unknown.
  public var commit: String
  /// Whether the gate passed.
  public var passed: Bool
  /// Lines of the whole package.
  public var lines: Metric
  /// Lines per layer, by layer name.
  public var layerLines: [String: Metric]

  public init(
    date: Date, commit: String, passed: Bool, lines: Metric, layerLines: [String: Metric] = [:]
  ) {
    self.date = date
    self.commit = commit
    self.passed = passed
    self.lines = lines
    self.layerLines = layerLines
  }
}
