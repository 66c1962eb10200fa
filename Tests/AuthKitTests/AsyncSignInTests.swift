import AuthKit
import XCTest

/// The async sign-in every `AuthProtocol` gets answers with what the service's completion gave.
@MainActor
final class AsyncSignInTests: XCTestCase {
  func testTheAsyncSignInAnswersWithTheCompletionsResult() async {
    let spy = SpyAuth()
    let ranger = AuthUser(email: "r@camp.test", displayName: "Ranger")

    let signingIn = Task { await spy.signIn(email: "r@camp.test", password: "pw") }
    while spy.signInCallCount == 0 { await Task.yield() }
    spy.signInArgsCompletion[0](.success(ranger))
    let refusing = Task { await spy.signIn(email: "r@camp.test", password: "nope") }
    while spy.signInCallCount == 1 { await Task.yield() }
    spy.signInArgsCompletion[1](.failure(.wrongCredentials))

    let signedIn = await signingIn.value
    let refused = await refusing.value
    XCTAssertEqual(signedIn, .success(ranger))
    XCTAssertEqual(refused, .failure(.wrongCredentials))
    XCTAssertEqual(spy.signInArgsPassword, ["pw", "nope"])
  }
}
