import AuthKit
import CampgroundKit
import CampgroundUI
import Foundation
import XCTest

/// The password check runs off the main actor: a slow hash cannot hold the form's timeout back.
@MainActor
final class RangerAuthTests: XCTestCase {
  func testASlowPasswordCheckTimesOutInsteadOfBlockingTheForm() async {
    // Stands for 600,000 PBKDF2 rounds on a slow machine: the check waits until the test lets
    // it go (at most 5 s), so the timeout has to fire while it runs.
    let release = DispatchSemaphore(value: 0)
    let auth = RangerAuth { _, _ in
      _ = release.wait(timeout: .now() + 5)
      return true
    }
    let prompt = LoginPrompt(auth: auth, reader: ScriptedReader(["pw"]), timeout: .milliseconds(50))

    var failure: CampgroundUIError?
    do {
      _ = try await prompt.run(email: "r@camp.test")
    } catch {
      failure = error as? CampgroundUIError
    }
    release.signal()

    XCTAssertEqual(failure, .loginFailed(AuthError.timedOut.description))
  }

  /// A sign-in the throttle refuses says how long to wait, in the form's words.
  func testAThrottledSignInSaysHowLongToWait() async {
    let throttled = RangerAuth { _, _ in
      throw CampgroundError.signInThrottled(retryAfterSeconds: 128)
    }

    do {
      _ = try await LoginPrompt(auth: throttled, reader: ScriptedReader(["pw"])).run(
        email: "r@camp.test")
      XCTFail("a throttled sign-in signed in")
    } catch {
      XCTAssertEqual(
        error as? CampgroundUIError,
        .loginFailed("Too many failed sign-ins; try again in 2 min 8 s"))
    }
  }

  func testTheCheckDecidesAndItsFailureIsReported() async throws {
    let right = RangerAuth { email, password in
      email.lowercased() == "r@camp.test" && password == "pw"
    }
    let user = try await LoginPrompt(auth: right, reader: ScriptedReader(["pw"])).run(
      email: "R@camp.test")
    XCTAssertEqual(user, AuthUser(email: "r@camp.test", displayName: "Ranger"))

    struct DiskFull: Error {}
    let broken = RangerAuth { _, _ in throw DiskFull() }
    do {
      _ = try await LoginPrompt(auth: broken, reader: ScriptedReader(["pw"])).run(
        email: "r@camp.test")
      XCTFail("a check that failed signed in")
    } catch {
      XCTAssertEqual(
        error as? CampgroundUIError,
        .loginFailed(AuthError.serviceUnavailable("DiskFull()").description))
    }
  }
}
