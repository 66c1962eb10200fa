import Testing

@testable import Pricing

/// Swift Testing beside XCTest in the same test target.
@Suite struct TaxSuite {
  @Test func californiaTaxIsSevenPercent() {
    #expect(Tax.amount(for: Price(cents: 1000), state: "CA") == 70)
  }

  @Test(arguments: [100, 250]) func formattedPricesAreNeverEmpty(cents: Int) {
    #expect(!Price(cents: cents).formatted.isEmpty)
  }
}

@Test func discountOfZeroKeepsThePrice() {
  #expect(Price(cents: 500).discounted(by: 0) == Price(cents: 500))
}
