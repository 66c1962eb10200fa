/// One coverage metric as integers: how many items ran out of how many.
///
/// Percentages are always derived from the integers, never stored.
public struct Metric: Hashable, Sendable, Codable {
  /// Items that ran at least once.
  public var covered: Int
  /// Items that could run.
  public var count: Int

  public init(covered: Int, count: Int) {
    self.covered = covered
    self.count = count
  }

  /// The empty metric (`n/a`).
  public static let zero = Metric(covered: 0, count: 0)

  /// Items that never ran.
  public var missed: Int { count - covered }

  /// `covered / count * 100`, or `nil` when there is nothing to cover (`n/a`).
  public var percent: Double? {
    count == 0 ? nil : Double(covered) / Double(count) * 100
  }

  /// The sum of two metrics, saturating instead of overflowing.
  public static func + (lhs: Metric, rhs: Metric) -> Metric {
    Metric(
      covered: lhs.covered.addingReportingOverflow(rhs.covered).overflow
        ? .max : lhs.covered + rhs.covered,
      count: lhs.count.addingReportingOverflow(rhs.count).overflow ? .max : lhs.count + rhs.count)
  }

  public static func += (lhs: inout Metric, rhs: Metric) { lhs = lhs + rhs }

  /// Whether `covered / count` reaches `percent`, decided on integers: the threshold is taken
  /// in hundredths of a percent, so 644/1000 reaches 64.4 and 599/1000 never reaches 60.
  public func reaches(_ percent: Double) -> Bool {
    guard count > 0 else { return false }
    let required = Int((max(0, min(percent, 100)) * 100).rounded())
    // covered * 10_000 >= required * count, without overflow.
    let lhs = covered.multipliedFullWidth(by: 10_000)
    let rhs = required.multipliedFullWidth(by: count)
    return (lhs.high, lhs.low) >= (rhs.high, rhs.low)
  }

  /// The percentage in hundredths, truncated: 9999 for 99.999%, so 100% means all covered.
  public var truncatedHundredths: Int? {
    guard count > 0 else { return nil }
    let product = covered.multipliedFullWidth(by: 10_000)
    return count.dividingFullWidth(product).quotient
  }

  /// The percentage truncated to two decimals, as a number: 99.99 for 99.999%.
  public var truncatedPercent: Double? { truncatedHundredths.map { Double($0) / 100 } }

  /// The percentage truncated to two decimals, e.g. `"99.99%"`, or `"n/a"`.
  public var formattedPercent: String {
    guard let hundredths = truncatedHundredths else { return "n/a" }
    return "\(hundredths / 100).\(twoDigits(hundredths % 100))%"
  }

  /// `"covered/count"`.
  public var formattedRatio: String { "\(covered)/\(count)" }

  /// Percentage points to two places, as a baseline's drop is said: `1.05`.
  public static func points(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
  }

  private func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
