import AuthKit
import XCTest

@MainActor
final class LocalAuthTests: XCTestCase {
  private let ranger = AuthUser(email: "Ranger@Camp.test", displayName: "Ranger")
  private let intern = AuthUser(email: "intern@camp.test", displayName: "Intern")

  private func signIn(_ email: String, _ password: String) -> Result<AuthUser, AuthError>? {
    let auth = LocalAuth(accounts: [
      .init(user: ranger, password: "pw"),
      .init(user: intern, password: "pw2", isLocked: true),
    ])
    var outcome: Result<AuthUser, AuthError>?
    auth.signIn(email: email, password: password) { outcome = $0 }
    return outcome
  }

  func testMatchingCredentialsSignInIgnoringEmailCase() async {
    XCTAssertEqual(signIn("ranger@camp.test", "pw"), .success(ranger))
  }

  func testWrongPasswordOrUnknownEmailFail() async {
    XCTAssertEqual(signIn("ranger@camp.test", "PW"), .failure(.wrongCredentials))
    XCTAssertEqual(signIn("nobody@camp.test", "pw"), .failure(.wrongCredentials))
  }

  func testLockedAccountIsRefused() async {
    XCTAssertEqual(signIn("intern@camp.test", "pw2"), .failure(.accountLocked))
  }

  func testAsyncSignInGivesTheSameAnswer() async {
    let auth = LocalAuth(accounts: [.init(user: ranger, password: "pw")])

    let signedIn = await auth.signIn(email: "RANGER@camp.test", password: "pw")
    let refused = await auth.signIn(email: "ranger@camp.test", password: "nope")

    XCTAssertEqual(signedIn, .success(ranger))
    XCTAssertEqual(refused, .failure(.wrongCredentials))
  }
}
