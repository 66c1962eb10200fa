/// What a customer is about to buy.
struct Cart {
  private(set) var items: [(product: Product, quantity: Int)] = []

  mutating func add(_ product: Product, quantity: Int = 1) {
    guard quantity > 0 else { return }
    if let index = items.firstIndex(where: { $0.product == product }) {
      items[index].quantity += quantity
    } else {
      items.append((product, quantity))
    }
  }

  mutating func remove(_ product: Product) {
    items.removeAll { $0.product == product }
  }

  var totalInCents: Int {
    items.reduce(0) { $0 + $1.product.priceInCents * $1.quantity }
  }

  var isEmpty: Bool { items.isEmpty }
}
