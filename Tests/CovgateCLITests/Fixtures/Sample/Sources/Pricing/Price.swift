/// A price in cents.
public struct Price: Equatable {
  public var cents: Int

  public init(cents: Int) {
    self.cents = cents
  }

  /// The price with a discount in percent applied.
  public func discounted(by percent: Int) -> Price {
    guard percent > 0 else { return self }
    guard percent < 100 else { return Price(cents: 0) }
    return Price(cents: cents * (100 - percent) / 100)
  }

  /// Formats as dollars.
  public var formatted: String {
    let dollars = cents / 100
    let rest = cents % 100
    return "$\(dollars).\(rest < 10 ? "0" : "")\(rest)"
  }
}
