/// What the cart screen shows, from the cart and the pricing rules.
final class CartViewModel {
  private(set) var cart = Cart()
  private let prices: PriceService
  private(set) var message: String?

  init(prices: PriceService) {
    self.prices = prices
  }

  func add(_ product: Product) {
    cart.add(product)
    message = nil
  }

  var totalWithShipping: Int {
    cart.totalInCents + prices.shipping(for: cart)
  }

  func checkout() -> Bool {
    guard !cart.isEmpty else {
      message = "Your cart is empty"
      return false
    }
    message = "Thank you"
    return true
  }
}
