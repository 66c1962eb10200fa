/// Rules for one metric: `minimum` fails the gate, `target` only warns (percentages), and
/// `maxUncovered` caps how many items (lines, functions, regions) may stay uncovered.
public struct Threshold: Hashable, Sendable, Codable {
  public var minimum: Double?
  public var target: Double?
  public var maxUncovered: Int?

  public init(minimum: Double? = nil, target: Double? = nil, maxUncovered: Int? = nil) {
    self.minimum = minimum
    self.target = target
    self.maxUncovered = maxUncovered
  }
}

/// Thresholds per metric.
public typealias Thresholds = [MetricKind: Threshold]
