/// One product in the catalogue list.
struct ProductRowView {
  let product: Product

  var title: String { product.name }

  var accessibilityLabel: String {
    "\(product.name), \(product.priceInCents) cents"
  }
}
