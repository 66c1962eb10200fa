/// The cart screen: UI glue that renders the view model as rows of text (a stand-in for a
/// SwiftUI view, so that the same code builds on Linux).
final class CartView {
  let model: CartViewModel

  init(model: CartViewModel) {
    self.model = model
  }

  var rows: [String] {
    if model.cart.isEmpty { return ["Nothing here yet"] }
    return model.cart.items.map { "\($0.product.name) x\($0.quantity)" } + ["Total: \(model.totalWithShipping)"]
  }

  func tapCheckout() -> String {
    _ = model.checkout()
    return model.message ?? ""
  }
}
