import AuthKit

/// The terminal face of the login flow: asks for credentials and reports the outcome.
public final class LoginPrompt: Navigator {
  private let auth: any AuthProtocol
  private let reader: any LineReader
  private var route: Route?

  /// Creates a prompt that signs in with `auth` and reads answers from `reader`.
  public init(auth: any AuthProtocol, reader: any LineReader) {
    self.auth = auth
    self.reader = reader
  }

  /// Asks for the password (and the email if none is given), signs in, returns the welcome line.
  ///
  /// The auth service must answer before `signIn` returns, as `LocalAuth` does.
  public func run(email: String?) throws -> String {
    guard let email = email ?? reader.readLine(prompt: "Email: ") else {
      throw CampgroundUIError.missingInput("email")
    }
    guard let password = reader.readLine(prompt: "Password: ") else {
      throw CampgroundUIError.missingInput("password")
    }
    let model = LoginModel(auth: auth, navigator: self, email: email, password: password)
    model.signIn()
    if let message = model.errorMessage {
      throw CampgroundUIError.loginFailed(message)
    }
    guard route == .login, let user = model.signedInUser else {
      throw CampgroundUIError.loginFailed("the sign-in service did not answer")
    }
    return "Welcome, \(user.displayName)."
  }

  /// Records where the login flow sent the user.
  public func navigate(to route: Route) {
    self.route = route
  }
}
