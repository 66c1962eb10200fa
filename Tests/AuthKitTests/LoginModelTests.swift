import AuthKit
import XCTest

@MainActor
final class LoginModelTests: XCTestCase {
  private var auth: SpyAuth!
  private var navigator: SpyNavigator!
  private var model: LoginModel!
  private let ranger = AuthUser(email: "ranger@camp.test", displayName: "Ranger Rick")

  override func setUp() async throws {
    auth = SpyAuth()
    navigator = SpyNavigator()
    model = LoginModel(
      auth: auth, navigator: navigator, email: "ranger@camp.test", password: "s3cret")
  }

  override func tearDown() async throws {
    model = nil
    navigator = nil
    auth = nil
  }

  func testSignInCallsAuthOnceWithEmailAndPassword() async {
    model.signIn()

    XCTAssertEqual(auth.signInCallCount, 1, "call count")
    XCTAssertEqual(auth.signInArgsEmail.first, "ranger@camp.test", "email")
    XCTAssertEqual(auth.signInArgsPassword.first, "s3cret", "password")
    XCTAssertTrue(model.isSigningIn)
  }

  func testSignInTrimsTheEmail() async {
    model.email = "  ranger@camp.test\n"

    model.signIn()

    XCTAssertEqual(auth.signInArgsEmail, ["ranger@camp.test"])
  }

  func testSuccessfulSignInNavigatesToLoginRoute() async throws {
    model.signIn()

    try XCTUnwrap(auth.signInArgsCompletion.first)(.success(ranger))

    XCTAssertEqual(navigator.routes, [.login])
    XCTAssertEqual(navigator.routes.first?.rawValue, "loginSeg")
    XCTAssertEqual(navigator.senders.count, 1)
    XCTAssertTrue(navigator.senders.first.flatMap { $0 } === model, "the model is the sender")
    XCTAssertEqual(model.signedInUser, ranger)
    XCTAssertNil(model.errorMessage)
    XCTAssertFalse(model.isSigningIn)
  }

  func testFailedSignInShowsErrorAndStays() async throws {
    model.signIn()

    try XCTUnwrap(auth.signInArgsCompletion.first)(.failure(.wrongCredentials))

    XCTAssertEqual(model.errorMessage, "That email and password do not match an account")
    XCTAssertEqual(navigator.routes, [])
    XCTAssertNil(model.signedInUser)
    XCTAssertFalse(model.isSigningIn)
  }

  func testInvalidEmailIsRejectedWithoutCallingAuth() async {
    model.email = "ranger.camp.test"

    model.signIn()

    XCTAssertEqual(auth.signInCallCount, 0)
    XCTAssertEqual(model.errorMessage, AuthError.invalidEmail.description)
  }

  func testEmptyPasswordIsRejectedWithoutCallingAuth() async {
    model.password = ""

    model.signIn()

    XCTAssertEqual(auth.signInCallCount, 0)
    XCTAssertEqual(model.errorMessage, AuthError.emptyPassword.description)
  }

  func testSecondTapWhileSigningInIsIgnored() async {
    model.signIn()
    model.signIn()

    XCTAssertEqual(auth.signInCallCount, 1)
    XCTAssertFalse(model.canSubmit)
  }

  func testRetryAfterFailureClearsTheMessageAndSignsInAgain() async throws {
    model.signIn()
    try XCTUnwrap(auth.signInArgsCompletion.first)(.failure(.serviceUnavailable("timeout")))
    model.password = "right"

    model.signIn()

    XCTAssertNil(model.errorMessage)
    XCTAssertEqual(auth.signInCallCount, 2)
    XCTAssertEqual(auth.signInArgsPassword, ["s3cret", "right"])
  }

  func testCanSubmitFollowsValidation() async {
    XCTAssertTrue(model.canSubmit)
    model.password = ""
    XCTAssertFalse(model.canSubmit)
  }

  func testLateCompletionAfterModelIsGoneIsHarmless() async throws {
    model.signIn()
    let completion = try XCTUnwrap(auth.signInArgsCompletion.first)

    model = nil
    completion(.success(ranger))

    XCTAssertEqual(navigator.routes, [])
  }

  /// The service never answers: after the timeout the form stops waiting and says so.
  func testSignInThatIsNeverAnsweredTimesOut() async throws {
    let clock = RecordingClock()
    let model = LoginModel(
      auth: auth, navigator: navigator, email: "ranger@camp.test", password: "s3cret",
      timeout: .seconds(10), clock: clock)
    let stoppedWaiting = expectation(description: "the model stopped signing in")
    model.onChange = { if !model.isSigningIn { stoppedWaiting.fulfill() } }

    model.signIn()
    await fulfillment(of: [stoppedWaiting], timeout: 2)

    XCTAssertEqual(clock.sleeps, [.seconds(10)])
    XCTAssertEqual(model.errorMessage, AuthError.timedOut.description)
    XCTAssertTrue(model.canSubmit)
    try XCTUnwrap(auth.signInArgsCompletion.first)(.success(ranger))
    XCTAssertNil(model.signedInUser, "an answer after the timeout must be ignored")
    XCTAssertEqual(navigator.routes, [])
  }

  /// A service that answers one attempt twice must not end the attempt after it.
  func testAnswerFromAnEarlierAttemptIsIgnored() async throws {
    model.signIn()
    let firstAnswer = try XCTUnwrap(auth.signInArgsCompletion.first)
    firstAnswer(.failure(.wrongCredentials))
    model.signIn()

    firstAnswer(.success(ranger))

    XCTAssertTrue(model.isSigningIn)
    XCTAssertNil(model.signedInUser)
    try XCTUnwrap(auth.signInArgsCompletion.last)(.success(ranger))
    XCTAssertEqual(model.signedInUser, ranger)
    XCTAssertEqual(navigator.routes, [.login])
  }

  func testEveryStateChangeIsAnnounced() async throws {
    var seen: [Bool] = []
    model.onChange = { [unowned model] in seen.append(model!.isSigningIn) }

    model.signIn()
    try XCTUnwrap(auth.signInArgsCompletion.first)(.failure(.accountLocked))

    XCTAssertEqual(seen, [true, false])
  }
}
