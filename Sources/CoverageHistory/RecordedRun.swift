import CoverageModel
import Foundation

/// One covgate run as the history keeps it: when, which commit, the verdict and the figures of
/// the total, each layer and each target, as integer counts.
public struct RecordedRun: Sendable, Hashable {
  /// When the run happened.
  public var date: Date
  /// The commit measured; empty when unknown.
  public var commit: String
  /// The branch measured; empty when unknown.
  public var branch: String
  /// Whether the run passed: the gate passed and, when covgate ran them, so did the tests.
  public var passed: Bool
  /// The package total.
  public var totals: Figures
  /// Each layer, in the report's order.
  public var layers: [Layer]
  /// Each target with data, layer by layer, in the report's order.
  public var targets: [Target]

  public init(
    date: Date, commit: String, branch: String, passed: Bool, totals: Figures,
    layers: [Layer] = [], targets: [Target] = []
  ) {
    self.date = date
    self.commit = commit
    self.branch = branch
    self.passed = passed
    self.totals = totals
    self.layers = layers
    self.targets = targets
  }

  /// The metrics the history keeps of a summary: lines, functions and regions.
  public struct Figures: Sendable, Hashable {
    public var lines: Metric
    public var functions: Metric
    public var regions: Metric

    public init(lines: Metric = .zero, functions: Metric = .zero, regions: Metric = .zero) {
      self.lines = lines
      self.functions = functions
      self.regions = regions
    }

    /// The kept metrics of `summary`.
    public init(_ summary: Summary) {
      self.init(lines: summary.lines, functions: summary.functions, regions: summary.regions)
    }
  }

  /// One layer's figures in a run.
  public struct Layer: Sendable, Hashable {
    public var name: String
    /// Whether the layer could fail the run.
    public var gated: Bool
    public var figures: Figures

    public init(name: String, gated: Bool, figures: Figures) {
      self.name = name
      self.gated = gated
      self.figures = figures
    }
  }

  /// One target's figures in a run.
  public struct Target: Sendable, Hashable {
    /// The layer the target belonged to.
    public var layer: String
    public var name: String
    public var figures: Figures

    public init(layer: String, name: String, figures: Figures) {
      self.layer = layer
      self.name = name
      self.figures = figures
    }
  }
}
