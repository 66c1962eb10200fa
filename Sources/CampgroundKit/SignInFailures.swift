import Foundation
import GRDB

/// A count of failed sign-ins kept for `SignInThrottle`: for one email (its account key), or
/// for every sign-in together (`everyone`).
struct SignInFailures: Codable, Equatable, Sendable {
  /// The key of the count of every sign-in; an email key always holds an `@`, so never this.
  static let everyone = "*"

  /// Whose sign-ins are counted: an email key, or `everyone`.
  var subject: String
  /// Failures since the count was last cleared or forgotten.
  var failures: Int
  /// When the last of them happened.
  var lastFailureAt: Date
}

extension SignInFailures: FetchableRecord, PersistableRecord {
  /// The table that stores the counts.
  static let databaseTableName = "signInFailure"
}
