import CampgroundKit
import XCTest

final class MoneyFormatTests: XCTestCase {
  func testFormatsCentsWithTwoDecimals() {
    XCTAssertEqual(MoneyFormat.string(cents: 2_550), "25.50")
    XCTAssertEqual(MoneyFormat.string(cents: 7), "0.07")
    XCTAssertEqual(MoneyFormat.string(cents: 0), "0.00")
    XCTAssertEqual(MoneyFormat.string(cents: -105), "-1.05")
  }

  func testParsesWholeAndDecimalAmounts() {
    XCTAssertEqual(MoneyFormat.cents(from: "25"), 2_500)
    XCTAssertEqual(MoneyFormat.cents(from: "25.5"), 2_550)
    XCTAssertEqual(MoneyFormat.cents(from: "0.07"), 7)
  }

  func testRejectsAnythingElse() {
    for text in ["", "-1", "1.234", "1.", ".5", "abc", "1,50", "1e3", "1.5.0", "9999999999", " 1"] {
      XCTAssertNil(MoneyFormat.cents(from: text), text)
    }
  }
}
