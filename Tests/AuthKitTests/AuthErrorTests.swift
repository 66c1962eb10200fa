import AuthKit
import XCTest

final class AuthErrorTests: XCTestCase {
  /// Every case's whole message (a new case without one fails to compile in `message(_:)`), one
  /// line, the same through `localizedDescription`.
  func testEveryMessageIsOneLineAndUserFacing() {
    let all: [AuthError] = [
      .invalidEmail, .emptyPassword, .wrongCredentials, .accountLocked,
      .serviceUnavailable("timeout"), .timedOut, .tooManyAttempts(retryAfterSeconds: 128),
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
    case .tooManyAttempts(128): "Too many failed sign-ins; try again in 2 min 8 s"
    case .tooManyAttempts: "unexpected wait"
    }
  }

  /// The wait reads as a person says it: seconds, minutes and seconds, or whole minutes.
  func testTheWaitIsWrittenInMinutesAndSeconds() {
    let cases = [
      (0, "1 s"), (1, "1 s"), (59, "59 s"), (60, "1 min"), (61, "1 min 1 s"), (900, "15 min"),
    ]
    for (seconds, wait) in cases {
      XCTAssertEqual(
        AuthError.tooManyAttempts(retryAfterSeconds: seconds).description,
        "Too many failed sign-ins; try again in \(wait)")
    }
  }
}
