import Shop
import Testing

@Test func addingAPriceKeepsIt() {
  var cart = Cart()
  cart.add(250)
  #expect(cart.prices == [250])
  #expect(cart.hasItems())
}

@Test func emptyCartHasNoItems() {
  #expect(!Cart().hasItems())
}

@Test func auditingRunsWithoutAsserting() {
  var cart = Cart()
  cart.audit()
}

@Test func stepsCountUp() {
  #expect(Discount.steps(to: 3) == 3)
}
