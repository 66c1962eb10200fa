import XCTest

@testable import App

final class CartTests: XCTestCase {
  func testAddingTheSameProductTwiceAddsToItsQuantity() throws {
    let tea = try XCTUnwrap(Product(name: "Tea", priceInCents: 350))
    var cart = Cart()
    cart.add(tea)
    cart.add(tea, quantity: 2)
    XCTAssertEqual(cart.items.count, 1)
    XCTAssertEqual(cart.totalInCents, 1050)
  }

  func testAProductNeedsANameAndAPrice() {
    XCTAssertNil(Product(name: "", priceInCents: 100))
    XCTAssertNil(Product(name: "Tea", priceInCents: 0))
  }

  func testShippingIsFreeFromTheThreshold() throws {
    let prices = PriceService(freeShippingFromCents: 1000, shippingInCents: 499)
    var cart = Cart()
    XCTAssertEqual(prices.shipping(for: cart), 0)
    cart.add(try XCTUnwrap(Product(name: "Tea", priceInCents: 350)))
    XCTAssertEqual(prices.shipping(for: cart), 499)
    XCTAssertEqual(prices.discount(code: "welcome10", on: 1000), 100)
  }
}
