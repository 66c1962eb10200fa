import XCTest

@testable import App

/// Stands in for XCUITest: drives the views the way a user would, so that the UI classes get
/// their coverage from this run, as UI tests give it in an app.
final class CartUITests: XCTestCase {
  func testCheckingOutACartThanksTheCustomer() throws {
    let model = CartViewModel(prices: PriceService(freeShippingFromCents: 1000, shippingInCents: 499))
    let view = CartView(model: model)
    XCTAssertEqual(view.rows, ["Nothing here yet"])
    model.add(try XCTUnwrap(Product(name: "Tea", priceInCents: 350)))
    XCTAssertEqual(view.rows, ["Tea x1", "Total: 849"])
    XCTAssertEqual(view.tapCheckout(), "Thank you")
  }
}
