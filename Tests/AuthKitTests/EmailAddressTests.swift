import AuthKit
import XCTest

final class EmailAddressTests: XCTestCase {
  func testAcceptsPlainAddresses() {
    for email in ["a@b.co", "first.last+tag@mail.example.org"] {
      XCTAssertTrue(EmailAddress.isValid(email), email)
    }
  }

  func testRejectsMalformedAddresses() {
    for email in [
      "", "plain", "@b.co", "a@", "a@b", "a@b.", "a@.co", "a@@b.co", "a b@c.co", "a@b..co",
    ] {
      XCTAssertFalse(EmailAddress.isValid(email), email)
    }
  }
}
