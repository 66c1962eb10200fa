import Foundation
import XCTest

@testable import Pricing

final class PriceTests: XCTestCase {
  func testDiscount() {
    XCTAssertEqual(Price(cents: 1000).discounted(by: 10), Price(cents: 900))
    XCTAssertEqual(Price(cents: 1000).discounted(by: 0), Price(cents: 1000))
  }

  func testFormatted() {
    XCTAssertEqual(Price(cents: 1205).formatted, "$12.05")
  }

  func testTax() {
    XCTAssertEqual(Tax.amount(for: Price(cents: 1000), state: "CA"), 70)
    XCTAssertEqual(Tax.amount(for: Price(cents: 1000), state: "ZZ"), 0)
  }

  /// Fails on demand, so covgate's tests can check a red run still yields coverage.
  func testFailsWhenAsked() {
    XCTAssertNil(ProcessInfo.processInfo.environment["SAMPLE_FAIL"], "SAMPLE_FAIL is set")
  }
}
