import Foundation

/// Why signing in did not work, worded for the person at the keyboard.
public enum AuthError: Error, Equatable, Sendable {
  /// The email address is not shaped like one.
  case invalidEmail
  /// The password is empty.
  case emptyPassword
  /// No account matches this email and password.
  case wrongCredentials
  /// The account exists but may not sign in.
  case accountLocked
  /// The sign-in service could not be reached.
  case serviceUnavailable(String)
  /// The sign-in service did not answer within the login model's timeout.
  case timedOut
  /// Too many failed sign-ins: the service takes none for this many seconds.
  case tooManyAttempts(retryAfterSeconds: Int)
}

extension AuthError: CustomStringConvertible {
  /// A one-line message that can be shown as is.
  public var description: String {
    switch self {
    case .invalidEmail:
      return "Enter an email address like name@example.com"
    case .emptyPassword:
      return "Enter your password"
    case .wrongCredentials:
      return "That email and password do not match an account"
    case .accountLocked:
      return "This account is locked; ask the campground office"
    case .serviceUnavailable(let reason):
      return "Sign-in is unavailable right now: \(reason)"
    case .timedOut:
      return "Sign-in is taking too long; check the connection and try again"
    case .tooManyAttempts(let seconds):
      return "Too many failed sign-ins; try again in \(Self.wait(seconds))"
    }
  }

  /// A wait as a person reads it: "45 s", "2 min 8 s", "15 min".
  private static func wait(_ seconds: Int) -> String {
    let seconds = max(seconds, 1)
    let (minutes, rest) = seconds.quotientAndRemainder(dividingBy: 60)
    if minutes == 0 { return "\(rest) s" }
    return rest == 0 ? "\(minutes) min" : "\(minutes) min \(rest) s"
  }
}

extension AuthError: LocalizedError {
  /// The same one-line message, for APIs that read `localizedDescription`.
  public var errorDescription: String? { description }
}
