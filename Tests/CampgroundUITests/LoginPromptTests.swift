import AuthKit
import CampgroundUI
import XCTest

final class LoginPromptTests: XCTestCase {
  private let auth = LocalAuth(accounts: [
    LocalAuth.Account(user: AuthUser(email: "r@camp.test", displayName: "Rick"), password: "pw")
  ])

  func testWrongPasswordIsALoginFailure() {
    let prompt = LoginPrompt(auth: auth, reader: ScriptedReader(["nope"]))

    XCTAssertThrowsError(try prompt.run(email: "r@camp.test")) { error in
      XCTAssertEqual(
        error as? CampgroundUIError, .loginFailed("That email and password do not match an account")
      )
    }
  }

  func testEndOfInputIsReported() {
    XCTAssertThrowsError(try LoginPrompt(auth: auth, reader: ScriptedReader([])).run(email: nil)) {
      XCTAssertEqual($0 as? CampgroundUIError, .missingInput("email"))
    }
    XCTAssertThrowsError(
      try LoginPrompt(auth: auth, reader: ScriptedReader([])).run(email: "r@camp.test")
    ) {
      XCTAssertEqual($0 as? CampgroundUIError, .missingInput("password"))
    }
  }

  func testAuthThatNeverAnswersIsReported() {
    final class SilentAuth: AuthProtocol {
      func signIn(
        email: String, password: String, completion: @escaping (Result<AuthUser, AuthError>) -> Void
      ) {}
    }

    XCTAssertThrowsError(
      try LoginPrompt(auth: SilentAuth(), reader: ScriptedReader(["pw"])).run(email: "r@camp.test")
    ) {
      XCTAssertEqual($0 as? CampgroundUIError, .loginFailed("the sign-in service did not answer"))
    }
  }
}
