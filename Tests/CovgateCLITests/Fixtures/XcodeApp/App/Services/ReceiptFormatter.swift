/// Formats amounts for receipts; not yet tested.
struct ReceiptFormatter {
  func format(cents: Int) -> String {
    let sign = cents < 0 ? "-" : ""
    let value = abs(cents)
    let fraction = value % 100
    return "\(sign)$\(value / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  func lines(for cart: Cart) -> [String] {
    cart.items.map { "\($0.quantity) x \($0.product.name): \(format(cents: $0.product.priceInCents * $0.quantity))" }
  }
}
