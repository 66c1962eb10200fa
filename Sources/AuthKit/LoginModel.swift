/// The logic behind a login form: validates input, signs in, and navigates or shows an error.
///
/// It lives on the main actor, as the view it drives does. A sign-in the service has not
/// answered after `timeout` fails with `AuthError.timedOut`; an answer that comes later is ignored.
@MainActor
public final class LoginModel {
  /// How long a sign-in may take unless the initializer says otherwise.
  public static let defaultTimeout: Duration = .seconds(15)

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
  /// Called after each change of the state above, so a view can redraw.
  public var onChange: (@MainActor () -> Void)?

  private let auth: any AuthProtocol
  private let navigator: any Navigator
  private let timeout: Duration
  private let clock: any Clock<Duration>
  private var attempt = 0
  private var timeoutTask: Task<Void, Never>?

  /// Creates a form model over a sign-in service and a navigator; the timeout runs on `clock`.
  public init(
    auth: any AuthProtocol, navigator: any Navigator, email: String = "", password: String = "",
    timeout: Duration = LoginModel.defaultTimeout, clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.auth = auth
    self.navigator = navigator
    self.email = email
    self.password = password
    self.timeout = timeout
    self.clock = clock
  }

  /// Whether the form may be submitted: a plausible email and a non-empty password.
  public var canSubmit: Bool {
    validationError == nil && !isSigningIn
  }

  /// Validates the input, then signs in; on success navigates to `.login`, itself the sender.
  public func signIn() {
    guard !isSigningIn else { return }
    if let validationError {
      errorMessage = validationError.description
      onChange?()
      return
    }
    errorMessage = nil
    isSigningIn = true
    attempt += 1
    let current = attempt
    onChange?()
    startTimeout(for: current)
    auth.signIn(email: email.trimmingWhitespace(), password: password) { [weak self] result in
      self?.finish(current, with: result)
    }
  }

  private var validationError: AuthError? {
    if !EmailAddress.isValid(email.trimmingWhitespace()) { return .invalidEmail }
    if password.isEmpty { return .emptyPassword }
    return nil
  }

  private func startTimeout(for current: Int) {
    let (clock, timeout) = (self.clock, self.timeout)
    timeoutTask = Task { [weak self] in
      do {
        try await clock.sleep(for: timeout)
      } catch {
        return
      }
      self?.finish(current, with: .failure(.timedOut))
    }
  }

  private func finish(_ current: Int, with result: Result<AuthUser, AuthError>) {
    guard current == attempt, isSigningIn else { return }
    timeoutTask?.cancel()
    timeoutTask = nil
    isSigningIn = false
    switch result {
    case .success(let user):
      signedInUser = user
      errorMessage = nil
      onChange?()
      navigator.navigate(to: .login, sender: self)
    case .failure(let error):
      errorMessage = error.description
      onChange?()
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
