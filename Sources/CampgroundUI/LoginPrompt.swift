import AuthKit

/// The terminal face of the login flow: asks for credentials and reports the outcome.
///
/// It is the login model's navigator, as a view controller would be: the model decides, the
/// prompt only records where it was sent.
@MainActor
public final class LoginPrompt: Navigator {
  private let auth: any AuthProtocol
  private let reader: any LineReader
  private let timeout: Duration
  private var route: Route?

  /// Creates a prompt that signs in with `auth`, reads answers from `reader`, and gives the
  /// service `timeout` to answer.
  public init(
    auth: any AuthProtocol, reader: any LineReader, timeout: Duration = LoginModel.defaultTimeout
  ) {
    self.auth = auth
    self.reader = reader
    self.timeout = timeout
  }

  /// Asks for the password unseen (unless given) and the email (unless given), signs in,
  /// returns the user.
  public func run(email: String?, password given: String? = nil) async throws -> AuthUser {
    guard let email = email ?? reader.readLine(prompt: "Email: ") else {
      throw CampgroundUIError.missingInput("email")
    }
    guard let password = try given ?? reader.readSecret(prompt: "Password: ") else {
      throw CampgroundUIError.missingInput("password")
    }
    let model = LoginModel(
      auth: auth, navigator: self, email: email, password: password, timeout: timeout)
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
      model.onChange = {
        guard !model.isSigningIn else { return }
        model.onChange = nil
        finished.resume()
      }
      model.signIn()
    }
    if let message = model.errorMessage {
      throw CampgroundUIError.loginFailed(message)
    }
    guard route == .login, let user = model.signedInUser else {
      throw CampgroundUIError.loginFailed("the sign-in flow did not finish")
    }
    return user
  }

  /// Records where the login flow sent the user.
  public func navigate(to route: Route, sender: AnyObject?) {
    self.route = route
  }
}
