import AuthKit
import XCTest

final class AuthErrorTests: XCTestCase {
  func testMessagesAreOneLineAndUserFacing() {
    let cases: [(AuthError, String)] = [
      (.invalidEmail, "name@example.com"),
      (.emptyPassword, "password"),
      (.wrongCredentials, "do not match"),
      (.accountLocked, "locked"),
      (.serviceUnavailable("timeout"), "timeout"),
    ]

    for (error, fragment) in cases {
      XCTAssertTrue(error.description.contains(fragment), error.description)
      XCTAssertFalse(error.description.contains("\n"))
      XCTAssertEqual(error.localizedDescription, error.description)
    }
  }
}
