import AuthKit
import Crypto
import Foundation
import GRDB
import _CryptoExtras

/// A ranger who may sign in: the email and a salted PBKDF2-HMAC-SHA256 hash of the password,
/// never the password itself. Each account keeps the rounds its hash was made with, so raising
/// the rounds later leaves existing passwords working.
public struct RangerAccount: Codable, Equatable, Sendable {
  /// The email the ranger signs in with, stored lower-cased.
  public var email: String
  var salt: Data
  var passwordHash: Data
  var rounds: Int
}

extension RangerAccount: FetchableRecord, PersistableRecord {
  /// The table that stores ranger accounts.
  public static let databaseTableName = "rangerAccount"
}

/// Adds, removes and checks the rangers' accounts.
public struct RangerAccountService: Sendable {
  /// PBKDF2 rounds for new passwords: OWASP's figure for PBKDF2-HMAC-SHA256.
  public static let standardRounds = 600_000
  /// The shortest password an account takes.
  public static let minimumPasswordLength = 8

  private let database: CampgroundDatabase
  /// Rounds for passwords set from now on; tests set fewer (each hash keeps its own).
  public var rounds = RangerAccountService.standardRounds
  /// When sign-in waits after failures.
  public var throttle = SignInThrottle.standard
  /// The password hash (PBKDF2 of the password, the salt and the rounds); a test counts the work
  /// done through it.
  var derive: @Sendable (_ password: String, _ salt: Data, _ rounds: Int) throws -> Data = {
    try RangerAccountService.hash($0, salt: $1, rounds: $2)
  }

  /// Creates a service over `database`.
  public init(database: CampgroundDatabase) {
    self.database = database
  }

  /// Whether any ranger can sign in yet.
  public func hasAccounts() throws -> Bool {
    try database.read { db in try RangerAccount.fetchCount(db) > 0 }
  }

  /// Adds the ranger `email` with `password`, stored as a salted hash. The first account needs
  /// no ranger (there is none yet to sign in); every later one needs a signed-in ranger.
  ///
  /// Whether this is the first account is decided in the transaction that adds it (SQLite's
  /// immediate transaction: a second terminal's waits), so two first sign-ups at once cannot
  /// both pass as the first.
  @discardableResult
  public func add(email: String, password: String, by ranger: RangerProof?) throws -> RangerAccount
  {
    let email = Self.key(email)
    // The sign-in form's rule: an account it would refuse could never sign in, and a first
    // ranger who cannot sign in locks every later `ranger add` out.
    guard EmailAddress.isValid(email), PlainText.firstControl(in: email) == nil else {
      throw CampgroundError.invalidRangerEmail(email)
    }
    guard password.count >= Self.minimumPasswordLength else {
      throw CampgroundError.passwordTooShort(minimum: Self.minimumPasswordLength)
    }
    let salt = Self.newSalt()
    let account = RangerAccount(
      email: email, salt: salt, passwordHash: try derive(password, salt, rounds), rounds: rounds)
    return try database.write { db in
      if ranger == nil, try RangerAccount.fetchCount(db) > 0 { throw CampgroundError.notSignedIn }
      guard try RangerAccount.fetchOne(db, key: email) == nil else {
        throw CampgroundError.rangerExists(email)
      }
      try account.insert(db)
      return account
    }
  }

  /// Removes the ranger `email` and ends their sessions. Rangers only; the last ranger cannot
  /// be removed (nobody could sign in to add another).
  public func remove(email: String, by ranger: RangerProof) throws {
    let key = Self.key(email)
    try database.write { db in
      guard try RangerAccount.exists(db, key: key) else {
        throw CampgroundError.rangerNotFound(key)
      }
      guard try RangerAccount.fetchCount(db) > 1 else { throw CampgroundError.lastRanger(key) }
      _ = try RangerAccount.deleteOne(db, key: key)
      _ = try RangerSession.filter(RangerSession.Columns.email == key).deleteAll(db)
    }
  }

  /// Sets a new password for the ranger `email`, given the current one (checked as a sign-in
  /// at `now` is: throttled, and a wrong one counts as a failure). Every session of that ranger
  /// ends: whoever knew the old password is signed out.
  public func changePassword(email: String, current: String, new: String, now: Date) throws {
    let key = Self.key(email)
    guard new.count >= Self.minimumPasswordLength else {
      throw CampgroundError.passwordTooShort(minimum: Self.minimumPasswordLength)
    }
    guard try verify(email: key, password: current, now: now) else {
      throw CampgroundError.wrongPassword
    }
    let salt = Self.newSalt()
    let hash = try derive(new, salt, rounds)
    try database.write { db in
      guard var account = try RangerAccount.fetchOne(db, key: key) else {
        throw CampgroundError.rangerNotFound(key)
      }
      account.salt = salt
      account.passwordHash = hash
      account.rounds = rounds
      try account.update(db)
      _ = try RangerSession.filter(RangerSession.Columns.email == key).deleteAll(db)
    }
  }

  /// Whether `password` is the password of the ranger `email` (any case), for a sign-in at
  /// `now`; false for an unknown email.
  ///
  /// While `throttle` makes sign-in wait, it throws `CampgroundError.signInThrottled` with the
  /// wait, and checks nothing. Otherwise a wrong answer counts as a failure, for the email and
  /// for everyone (an unknown email's too), and a right one clears the email's count. An unknown
  /// email costs the same PBKDF2 work as a known one (its password is hashed with a fixed salt
  /// and the current rounds), so how long the answer takes does not tell which emails are
  /// rangers. The hashes are compared in constant time.
  public func verify(email: String, password: String, now: Date) throws -> Bool {
    let key = Self.key(email)
    let wait = try database.read { db in try throttleWait(for: key, at: now, in: db) }
    if wait > 0 {
      throw CampgroundError.signInThrottled(retryAfterSeconds: Int(wait.rounded(.up)))
    }
    let account = try database.read { db in try RangerAccount.fetchOne(db, key: key) }
    let hash = try derive(
      password, account?.salt ?? Self.unknownEmailSalt, account?.rounds ?? rounds)
    let matches = account.map { Self.equalInConstantTime(hash, $0.passwordHash) } ?? false
    try database.write { db in
      guard !matches else {
        _ = try SignInFailures.deleteOne(db, key: key)
        return
      }
      try recordFailure(of: key, at: now, in: db)
      try recordFailure(of: SignInFailures.everyone, at: now, in: db)
    }
    return matches
  }

  /// The seconds sign-in for `key` must still wait at `now`: the longer of its email's wait and
  /// everyone's.
  private func throttleWait(for key: String, at now: Date, in db: Database) throws
    -> TimeInterval
  {
    let counts = [
      (key, throttle.freeFailuresPerEmail),
      (SignInFailures.everyone, throttle.freeFailuresOverall),
    ]
    var wait: TimeInterval = 0
    for (countKey, free) in counts {
      guard let count = try SignInFailures.fetchOne(db, key: countKey),
        now.timeIntervalSince(count.lastFailureAt) < throttle.forgetAfter
      else { continue }
      let until = count.lastFailureAt.addingTimeInterval(
        throttle.wait(afterFailures: count.failures, free: free))
      wait = max(wait, until.timeIntervalSince(now))
    }
    return wait
  }

  private func recordFailure(of key: String, at now: Date, in db: Database) throws {
    var count =
      try SignInFailures.fetchOne(db, key: key)
      ?? SignInFailures(subject: key, failures: 0, lastFailureAt: now)
    if now.timeIntervalSince(count.lastFailureAt) >= throttle.forgetAfter { count.failures = 0 }
    count.failures += 1
    count.lastFailureAt = now
    try count.upsert(db)
  }

  /// The salt an unknown email's password is hashed with, so that it costs what a known one does.
  private static let unknownEmailSalt = Data(repeating: 0x5A, count: 16)

  private static func newSalt() -> Data {
    SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
  }

  private static func equalInConstantTime(_ lhs: Data, _ rhs: Data) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// An email as accounts are keyed: without surrounding spaces, lower-cased.
  static func key(_ email: String) -> String {
    email.trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// PBKDF2-HMAC-SHA256 of the password's UTF-8 bytes: 32 bytes.
  static func hash(_ password: String, salt: Data, rounds: Int) throws -> Data {
    try KDF.Insecure.PBKDF2.deriveKey(
      from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32,
      unsafeUncheckedRounds: rounds
    ).withUnsafeBytes { Data($0) }
  }
}
