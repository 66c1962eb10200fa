import AuthKit

/// Records every sign-in call and keeps its completion so a test can answer it later.
final class SpyAuth: AuthProtocol {
  private(set) var signInCallCount = 0
  private(set) var signInArgsEmail: [String] = []
  private(set) var signInArgsPassword: [String] = []
  private(set) var signInArgsCompletion: [@MainActor (Result<AuthUser, AuthError>) -> Void] = []

  func signIn(
    email: String, password: String,
    completion: @escaping @MainActor (Result<AuthUser, AuthError>) -> Void
  ) {
    signInCallCount += 1
    signInArgsEmail.append(email)
    signInArgsPassword.append(password)
    signInArgsCompletion.append(completion)
  }
}
