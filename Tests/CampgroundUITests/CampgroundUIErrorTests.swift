import CampgroundUI
import XCTest

final class CampgroundUIErrorTests: XCTestCase {
  func testMessagesAreOneLine() {
    let errors: [CampgroundUIError] = [
      .invalidReservation("Invalid number of days"), .unknownCamper(3), .loginFailed("x"),
      .missingAccount,
      .missingAPIKey, .missingInput("email"),
    ]

    for error in errors {
      XCTAssertFalse(
        error.description.isEmpty || error.description.contains("\n"), error.description)
      XCTAssertEqual(error.localizedDescription, error.description)
    }
  }
}
