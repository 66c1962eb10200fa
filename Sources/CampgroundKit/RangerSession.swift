import Crypto
import Foundation
import GRDB

/// The ranger signed in at this campground's database, until the session expires. The row
/// holds only a hash of the session's token; the token itself stays with the terminal that
/// signed in (a file only its user can read), so the row alone signs nobody in: another
/// terminal, or a row written into the database by hand, has no token that matches.
public struct RangerSession: Codable, Equatable, Sendable {
  /// The one row the table holds.
  var id = 1
  /// The email the ranger signed in with.
  public var email: String
  /// When the session stops counting.
  public var expiresAt: Date
  /// SHA-256 of the session's token, hex; empty for a session made before tokens (never valid).
  var tokenHash: String

  /// Creates a session for `email` that expires at `expiresAt`, for the token hashed as `tokenHash`.
  init(email: String, expiresAt: Date, tokenHash: String) {
    self.email = email
    self.expiresAt = expiresAt
    self.tokenHash = tokenHash
  }
}

extension RangerSession: FetchableRecord, PersistableRecord {
  /// The table that stores the session.
  public static let databaseTableName = "rangerSession"
}

/// Evidence that a signed-in ranger asked: only a checked session gives one, and every
/// ranger-only operation takes one, so which operations need a ranger is decided here, in the
/// logic layer, not by the commands that call them.
public struct RangerProof: Sendable, Equatable {
  /// The ranger's email.
  public let email: String

  init(email: String) {
    self.email = email
  }
}

/// Starts, checks and ends the ranger's session.
public struct SessionService: Sendable {
  /// How long a sign-in lasts.
  public static let sessionLength: TimeInterval = 8 * 60 * 60

  private let database: CampgroundDatabase

  /// Creates a service over `database`.
  public init(database: CampgroundDatabase) {
    self.database = database
  }

  /// A started session and the token that proves it, to keep outside the database.
  public struct Started: Sendable, Equatable {
    public var session: RangerSession
    public var token: String
  }

  /// Records that the ranger `email` signed in at `now`, replacing any earlier session; the
  /// token returned is the only way to use it.
  @discardableResult
  public func start(email: String, now: Date) throws -> Started {
    let token = SymmetricKey(size: .bits256).withUnsafeBytes { Self.hex(Data($0)) }
    let session = RangerSession(
      email: email, expiresAt: now.addingTimeInterval(Self.sessionLength),
      tokenHash: Self.hash(token))
    try database.write { db in try session.upsert(db) }
    return Started(session: session, token: token)
  }

  /// The session that `token` proves and that is still valid at `now`, or nil.
  public func current(token: String?, now: Date) throws -> RangerSession? {
    guard let token, let session = try database.read({ db in try RangerSession.fetchOne(db) }),
      session.expiresAt > now, !session.tokenHash.isEmpty,
      Self.equalInConstantTime(Self.hash(token), session.tokenHash)
    else { return nil }
    return session
  }

  /// The proof of a valid session, or `CampgroundError.notSignedIn`.
  public func require(token: String?, now: Date) throws -> RangerProof {
    guard let session = try current(token: token, now: now) else {
      throw CampgroundError.notSignedIn
    }
    return RangerProof(email: session.email)
  }

  /// Ends the session; true when there was one.
  @discardableResult
  public func end() throws -> Bool {
    try database.write { db in try RangerSession.deleteAll(db) > 0 }
  }

  static func hash(_ token: String) -> String {
    hex(Data(SHA256.hash(data: Data(token.utf8))))
  }

  private static func hex(_ data: Data) -> String {
    data.map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
  }

  private static func equalInConstantTime(_ lhs: String, _ rhs: String) -> Bool {
    let left = Array(lhs.utf8)
    let right = Array(rhs.utf8)
    guard left.count == right.count else { return false }
    return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
