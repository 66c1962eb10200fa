/// A sign-in service over a fixed list of accounts, for a single-machine campground office.
public struct LocalAuth: AuthProtocol {
  /// One account the service knows.
  public struct Account: Equatable, Sendable {
    /// The user the account signs in as.
    public var user: AuthUser
    /// The password that unlocks it.
    public var password: String
    /// Whether the account is locked.
    public var isLocked: Bool

    /// Creates an account.
    public init(user: AuthUser, password: String, isLocked: Bool = false) {
      self.user = user
      self.password = password
      self.isLocked = isLocked
    }
  }

  private let accounts: [Account]

  /// Creates a service that knows these accounts.
  public init(accounts: [Account]) {
    self.accounts = accounts
  }

  /// Checks the credentials at once; emails match without regard to case.
  public func signIn(
    email: String, password: String,
    completion: @escaping @MainActor (Result<AuthUser, AuthError>) -> Void
  ) {
    let match = accounts.first {
      $0.user.email.lowercased() == email.lowercased() && $0.password == password
    }
    guard let account = match else { return completion(.failure(.wrongCredentials)) }
    guard !account.isLocked else { return completion(.failure(.accountLocked)) }
    completion(.success(account.user))
  }
}
