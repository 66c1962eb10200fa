import AuthKit
import XCTest

final class AuthErrorTests: XCTestCase {
  /// Every case's whole message (a new case without one fails to compile in `message(_:)`), one
  /// line, the same through `localizedDescription`.
  func testEveryMessageIsOneLineAndUserFacing() {
    let all: [AuthError] = [
      .invalidEmail, .emptyPassword, .wrongCredentials, .accountLocked,
      .serviceUnavailable("timeout"), .timedOut,
    ]
    for error in all {
      XCTAssertEqual(error.description, message(error))
      XCTAssertFalse(error.description.contains("\n"))
      XCTAssertEqual(error.localizedDescription, error.description)
    }
  }

  private func message(_ error: AuthError) -> String {
    switch error {
    case .invalidEmail: "Enter an email address like name@example.com"
    case .emptyPassword: "Enter your password"
    case .wrongCredentials: "That email and password do not match an account"
    case .accountLocked: "This account is locked; ask the campground office"
    case .serviceUnavailable(let reason): "Sign-in is unavailable right now: \(reason)"
    case .timedOut: "Sign-in is taking too long; check the connection and try again"
    }
  }
}
