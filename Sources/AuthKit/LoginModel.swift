/// The logic behind a login form: validates input, signs in, and navigates or shows an error.
public final class LoginModel {
  /// What the user typed as email.
  public var email: String
  /// What the user typed as password.
  public var password: String
  /// The message to show under the form, or nil when there is nothing to say.
  public private(set) var errorMessage: String?
  /// Whether a sign-in request is in flight.
  public private(set) var isSigningIn = false
  /// The user once signed in.
  public private(set) var signedInUser: AuthUser?

  private let auth: any AuthProtocol
  private let navigator: any Navigator

  /// Creates a form model over a sign-in service and a navigator.
  public init(
    auth: any AuthProtocol, navigator: any Navigator, email: String = "", password: String = ""
  ) {
    self.auth = auth
    self.navigator = navigator
    self.email = email
    self.password = password
  }

  /// Whether the form may be submitted: a plausible email and a non-empty password.
  public var canSubmit: Bool {
    validationError == nil && !isSigningIn
  }

  /// Validates the input, then signs in; on success navigates to `.login`.
  public func signIn() {
    guard !isSigningIn else { return }
    if let validationError {
      errorMessage = validationError.description
      return
    }
    errorMessage = nil
    isSigningIn = true
    let email = self.email.trimmingWhitespace()
    auth.signIn(email: email, password: password) { [weak self] result in
      self?.finishSignIn(with: result)
    }
  }

  private var validationError: AuthError? {
    if !EmailAddress.isValid(email.trimmingWhitespace()) { return .invalidEmail }
    if password.isEmpty { return .emptyPassword }
    return nil
  }

  private func finishSignIn(with result: Result<AuthUser, AuthError>) {
    isSigningIn = false
    switch result {
    case .success(let user):
      signedInUser = user
      errorMessage = nil
      navigator.navigate(to: .login)
    case .failure(let error):
      errorMessage = error.description
    }
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    var text = Substring(self)
    while text.first?.isWhitespace == true { text = text.dropFirst() }
    while text.last?.isWhitespace == true { text = text.dropLast() }
    return String(text)
  }
}
