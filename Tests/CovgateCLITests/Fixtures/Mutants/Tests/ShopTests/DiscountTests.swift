import Shop
import XCTest

final class DiscountTests: XCTestCase {
  func testRateAtTheBoundary() {
    XCTAssertEqual(Discount.rate(forItems: 9), 0)
    XCTAssertEqual(Discount.rate(forItems: 10), 20)
    XCTAssertEqual(Discount.rate(forItems: 11), 20)
  }

  func testBulkRunsWithoutAsserting() {
    _ = Discount.isBulk(150)
  }

  func testHalf() {
    XCTAssertEqual(Discount.half(10), 5)
  }

  func testDozen() {
    XCTAssertEqual(Discount.dozen, 12)
  }

  func testLabel() {
    XCTAssertEqual(Discount.label("pen", count: 2), "item: pen x3")
  }
}
