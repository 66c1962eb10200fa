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

/// Adds ranger accounts and checks their passwords.
public struct RangerAccountService: Sendable {
  /// PBKDF2 rounds for new passwords: OWASP's figure for PBKDF2-HMAC-SHA256.
  public static let standardRounds = 600_000
  /// The shortest password an account takes.
  public static let minimumPasswordLength = 8

  private let database: CampgroundDatabase
  /// Rounds for passwords set from now on; tests set fewer (each hash keeps its own).
  public var rounds = RangerAccountService.standardRounds

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
  @discardableResult
  public func add(email: String, password: String, by ranger: RangerProof?) throws -> RangerAccount
  {
    if ranger == nil, try hasAccounts() { throw CampgroundError.notSignedIn }
    let email = Self.key(email)
    // The sign-in form's rule: an account it would refuse could never sign in, and a first
    // ranger who cannot sign in locks every later `ranger add` out.
    guard EmailAddress.isValid(email) else { throw CampgroundError.invalidRangerEmail(email) }
    guard password.count >= Self.minimumPasswordLength else {
      throw CampgroundError.passwordTooShort(minimum: Self.minimumPasswordLength)
    }
    let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
    let account = RangerAccount(
      email: email, salt: salt, passwordHash: try Self.hash(password, salt: salt, rounds: rounds),
      rounds: rounds)
    return try database.write { db in
      guard try RangerAccount.fetchOne(db, key: email) == nil else {
        throw CampgroundError.rangerExists(email)
      }
      try account.insert(db)
      return account
    }
  }

  /// Whether `password` is the password of the ranger `email` (any case); false for an unknown
  /// email. The hashes are compared in constant time.
  public func verify(email: String, password: String) throws -> Bool {
    let key = Self.key(email)
    guard let account = try database.read({ db in try RangerAccount.fetchOne(db, key: key) }) else {
      return false
    }
    let hash = try Self.hash(password, salt: account.salt, rounds: account.rounds)
    return hash.count == account.passwordHash.count
      && zip(hash, account.passwordHash).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
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
