/// A shopping cart of prices in cents.
public struct Cart {
  public private(set) var prices: [Int] = []
  public private(set) var audits = 0

  public init() {}

  /// Asserted: removing the call is killed.
  public mutating func add(_ price: Int) {
    prices.append(price)
  }

  /// Asserted: removing the negation is killed.
  public func hasItems() -> Bool {
    !prices.isEmpty
  }

  /// Run, never asserted: removing the call survives, and so does `+` becoming `-` below.
  public mutating func audit() {
    recordAudit()
  }

  private mutating func recordAudit() {
    audits = audits + 1
  }
}
