import XCTest

@testable import App

final class CartViewModelTests: XCTestCase {
  func testCheckingOutAnEmptyCartSaysSo() {
    let model = CartViewModel(prices: PriceService(freeShippingFromCents: 1000, shippingInCents: 499))
    XCTAssertFalse(model.checkout())
    XCTAssertEqual(model.message, "Your cart is empty")
  }
}
