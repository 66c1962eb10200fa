import AuthKit
import Foundation

/// The login flow's sign-in service over the database's ranger accounts.
///
/// Checking a password hashes it with PBKDF2 (600,000 rounds, about a second): that runs off
/// the main actor, so the form's timeout can fire while it runs and the form stays responsive.
/// A sign-in the throttle refuses fails with `AuthError.tooManyAttempts` and the wait.
public struct RangerAuth: AuthProtocol {
  /// Whether the password is the account's.
  private let verify: @Sendable (_ email: String, _ password: String) throws -> Bool

  /// Signs in against `accounts`, as a sign-in at `now` (the throttle counts by it).
  public init(accounts: RangerAccountService, now: Date) {
    verify = { try accounts.verify(email: $0, password: $1, now: now) }
  }

  /// Signs in with `verify` as the password check.
  public init(verify: @escaping @Sendable (_ email: String, _ password: String) throws -> Bool) {
    self.verify = verify
  }

  public func signIn(
    email: String, password: String,
    completion: @escaping @MainActor (Result<AuthUser, AuthError>) -> Void
  ) {
    let verify = self.verify
    Task.detached {
      let result: Result<AuthUser, AuthError>
      do {
        result =
          try verify(email, password)
          ? .success(AuthUser(email: email.lowercased(), displayName: "Ranger"))
          : .failure(.wrongCredentials)
      } catch CampgroundError.signInThrottled(let seconds) {
        result = .failure(.tooManyAttempts(retryAfterSeconds: seconds))
      } catch {
        result = .failure(.serviceUnavailable("\(error)"))
      }
      await completion(result)
    }
  }
}
