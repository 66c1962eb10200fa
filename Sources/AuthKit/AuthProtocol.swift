/// A signed-in account.
public struct AuthUser: Equatable, Sendable {
  /// The email the account signs in with.
  public var email: String
  /// The name to greet the user by.
  public var displayName: String

  /// Creates a user.
  public init(email: String, displayName: String) {
    self.email = email
    self.displayName = displayName
  }
}

/// The sign-in service at the edge of the login flow; a test replaces it with a spy.
///
/// Like the SDKs it stands for, it is used from the main actor and answers there.
@MainActor
public protocol AuthProtocol {
  /// Checks the credentials and reports the signed-in user or why not, possibly later.
  func signIn(
    email: String, password: String,
    completion: @escaping @MainActor (Result<AuthUser, AuthError>) -> Void)
}

extension AuthProtocol {
  /// The same sign-in, for callers that use async/await.
  public func signIn(email: String, password: String) async -> Result<AuthUser, AuthError> {
    await withCheckedContinuation { continuation in
      signIn(email: email, password: password) { continuation.resume(returning: $0) }
    }
  }
}
