/// Something the shop sells, priced in cents.
struct Product: Equatable {
  let name: String
  let priceInCents: Int

  /// A product needs a name and a price above zero.
  init?(name: String, priceInCents: Int) {
    guard !name.isEmpty, priceInCents > 0 else { return nil }
    self.name = name
    self.priceInCents = priceInCents
  }
}
