/// Discounts and shipping: the shop's pricing rules.
struct PriceService {
  let freeShippingFromCents: Int
  let shippingInCents: Int

  func shipping(for cart: Cart) -> Int {
    if cart.isEmpty { return 0 }
    return cart.totalInCents >= freeShippingFromCents ? 0 : shippingInCents
  }

  /// A percentage off, rounded down to whole cents; codes the shop does not know give nothing.
  func discount(code: String, on totalInCents: Int) -> Int {
    switch code.uppercased() {
    case "WELCOME10": return totalInCents / 10
    case "HALF": return totalInCents / 2
    default: return 0
    }
  }
}
