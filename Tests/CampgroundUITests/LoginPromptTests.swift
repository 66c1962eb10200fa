import AuthKit
import CampgroundKit
import CampgroundUI
import XCTest

@MainActor
final class LoginPromptTests: XCTestCase {
  /// One account, r@camp.test with password "pw".
  private func localAuth() -> RangerAuth {
    RangerAuth { email, password in email.lowercased() == "r@camp.test" && password == "pw" }
  }

  private func failure(_ prompt: LoginPrompt, email: String?) async -> CampgroundUIError? {
    do {
      _ = try await prompt.run(email: email)
      return nil
    } catch {
      return error as? CampgroundUIError
    }
  }

  func testRightPasswordReturnsTheUser() async throws {
    let prompt = LoginPrompt(auth: localAuth(), reader: ScriptedReader(["pw"]))

    let user = try await prompt.run(email: "R@camp.test")

    XCTAssertEqual(user, AuthUser(email: "r@camp.test", displayName: "Ranger"))
  }

  func testWrongPasswordIsALoginFailure() async {
    let prompt = LoginPrompt(auth: localAuth(), reader: ScriptedReader(["nope"]))

    let error = await failure(prompt, email: "r@camp.test")

    XCTAssertEqual(error, .loginFailed("That email and password do not match an account"))
  }

  func testEndOfInputIsReported() async {
    let noEmail = await failure(
      LoginPrompt(auth: localAuth(), reader: ScriptedReader([])), email: nil)
    let noPassword = await failure(
      LoginPrompt(auth: localAuth(), reader: ScriptedReader([])), email: "r@camp.test")

    XCTAssertEqual(noEmail, .missingInput("email"))
    XCTAssertEqual(noPassword, .missingInput("password"))
  }

  /// A service that never answers: the model's timeout ends the wait with its message.
  func testAuthThatNeverAnswersTimesOut() async {
    final class SilentAuth: AuthProtocol {
      func signIn(
        email: String, password: String,
        completion: @escaping @MainActor (Result<AuthUser, AuthError>) -> Void
      ) {}
    }
    let prompt = LoginPrompt(
      auth: SilentAuth(), reader: ScriptedReader(["pw"]), timeout: .milliseconds(20))

    let error = await failure(prompt, email: "r@camp.test")

    XCTAssertEqual(error, .loginFailed(AuthError.timedOut.description))
  }
}
