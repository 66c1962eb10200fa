import AuthKit
import XCTest

final class LoginModelTests: XCTestCase {
  private var auth: SpyAuth!
  private var navigator: SpyNavigator!
  private var model: LoginModel!
  private let ranger = AuthUser(email: "ranger@camp.test", displayName: "Ranger Rick")

  override func setUp() {
    auth = SpyAuth()
    navigator = SpyNavigator()
    model = LoginModel(
      auth: auth, navigator: navigator, email: "ranger@camp.test", password: "s3cret")
  }

  override func tearDown() {
    model = nil
    navigator = nil
    auth = nil
  }

  func testSignInCallsAuthOnceWithEmailAndPassword() {
    model.signIn()

    XCTAssertEqual(auth.signInCallCount, 1, "call count")
    XCTAssertEqual(auth.signInArgsEmail.first, "ranger@camp.test", "email")
    XCTAssertEqual(auth.signInArgsPassword.first, "s3cret", "password")
    XCTAssertTrue(model.isSigningIn)
  }

  func testSignInTrimsTheEmail() {
    model.email = "  ranger@camp.test\n"

    model.signIn()

    XCTAssertEqual(auth.signInArgsEmail, ["ranger@camp.test"])
  }

  func testSuccessfulSignInNavigatesToLoginRoute() throws {
    model.signIn()

    try XCTUnwrap(auth.signInArgsCompletion.first)(.success(ranger))

    XCTAssertEqual(navigator.routes, [.login])
    XCTAssertEqual(navigator.routes.first?.rawValue, "login")
    XCTAssertEqual(model.signedInUser, ranger)
    XCTAssertNil(model.errorMessage)
    XCTAssertFalse(model.isSigningIn)
  }

  func testFailedSignInShowsErrorAndStays() throws {
    model.signIn()

    try XCTUnwrap(auth.signInArgsCompletion.first)(.failure(.wrongCredentials))

    XCTAssertEqual(model.errorMessage, "That email and password do not match an account")
    XCTAssertEqual(navigator.routes, [])
    XCTAssertNil(model.signedInUser)
    XCTAssertFalse(model.isSigningIn)
  }

  func testInvalidEmailIsRejectedWithoutCallingAuth() {
    model.email = "ranger.camp.test"

    model.signIn()

    XCTAssertEqual(auth.signInCallCount, 0)
    XCTAssertEqual(model.errorMessage, AuthError.invalidEmail.description)
  }

  func testEmptyPasswordIsRejectedWithoutCallingAuth() {
    model.password = ""

    model.signIn()

    XCTAssertEqual(auth.signInCallCount, 0)
    XCTAssertEqual(model.errorMessage, AuthError.emptyPassword.description)
  }

  func testSecondTapWhileSigningInIsIgnored() {
    model.signIn()
    model.signIn()

    XCTAssertEqual(auth.signInCallCount, 1)
    XCTAssertFalse(model.canSubmit)
  }

  func testRetryAfterFailureClearsTheMessageAndSignsInAgain() throws {
    model.signIn()
    try XCTUnwrap(auth.signInArgsCompletion.first)(.failure(.serviceUnavailable("timeout")))
    model.password = "right"

    model.signIn()

    XCTAssertNil(model.errorMessage)
    XCTAssertEqual(auth.signInCallCount, 2)
    XCTAssertEqual(auth.signInArgsPassword, ["s3cret", "right"])
  }

  func testCanSubmitFollowsValidation() {
    XCTAssertTrue(model.canSubmit)
    model.password = ""
    XCTAssertFalse(model.canSubmit)
  }

  func testLateCompletionAfterModelIsGoneIsHarmless() throws {
    model.signIn()
    let completion = try XCTUnwrap(auth.signInArgsCompletion.first)

    model = nil
    completion(.success(ranger))

    XCTAssertEqual(navigator.routes, [])
  }
}
