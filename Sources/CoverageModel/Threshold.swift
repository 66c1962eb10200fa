/// Required percentages for one metric: `minimum` fails the gate, `target` only warns.
public struct Threshold: Hashable, Sendable, Codable {
  public var minimum: Double?
  public var target: Double?

  public init(minimum: Double? = nil, target: Double? = nil) {
    self.minimum = minimum
    self.target = target
  }
}

/// Thresholds per metric.
public typealias Thresholds = [MetricKind: Threshold]
