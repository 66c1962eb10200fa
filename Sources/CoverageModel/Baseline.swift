/// The committed coverage a run must not drop below (`.covgate-baseline.json`).
public struct Baseline: Sendable, Hashable, Codable {
  public static let schemaVersion = 1

  public var schemaVersion: Int
  /// Figures per layer name.
  public var layers: [String: Figures]
  /// Figures per target name.
  public var targets: [String: Figures]
  /// Mutation scores per gated layer (killed against killed and survived) of a whole
  /// `covgate mutate --all` run, kept by `mutate --update-baseline`; nil until one is.
  public var mutation: [String: Metric]?

  public init(layers: [String: Figures], targets: [String: Figures]) {
    self.schemaVersion = Self.schemaVersion
    self.layers = layers
    self.targets = targets
  }

  /// The metrics a baseline keeps, as integer counts.
  public struct Figures: Sendable, Hashable, Codable {
    public var lines: Metric
    public var functions: Metric
    public var regions: Metric

    public init(lines: Metric, functions: Metric, regions: Metric) {
      self.lines = lines
      self.functions = functions
      self.regions = regions
    }

    public init(_ summary: Summary) {
      self.init(lines: summary.lines, functions: summary.functions, regions: summary.regions)
    }

    public static let metrics: [MetricKind] = [.lines, .functions, .regions]

    public subscript(kind: MetricKind) -> Metric {
      get {
        switch kind {
        case .functions: functions
        case .regions: regions
        default: lines
        }
      }
      set {
        switch kind {
        case .functions: functions = newValue
        case .regions: regions = newValue
        default: lines = newValue
        }
      }
    }
  }

  /// The figures of the gated layers and their targets in a report.
  public init(_ report: CoverageReport) {
    var layers: [String: Figures] = [:]
    var targets: [String: Figures] = [:]
    for layer in report.layers where layer.gated {
      layers[layer.name] = Figures(layer.totals)
      for target in layer.targets { targets[target.name] = Figures(target.totals) }
    }
    self.init(layers: layers, targets: targets)
  }
}
