import Crypto
import Foundation
import GRDB

/// A ranger's signed-in session at this campground's database, until it expires. There is one
/// row per session, keyed by a hash of its token, so several rangers (or one ranger at two
/// terminals) are signed in at once and each signs out alone. The token itself stays with the
/// terminal that signed in (a file only its user can read), so a row signs nobody in: another
/// terminal, or a row written into the database by hand, has no token that matches.
public struct RangerSession: Codable, Equatable, Sendable {
  /// The email the ranger signed in with.
  public var email: String
  /// When the session stops counting.
  public var expiresAt: Date
  /// SHA-256 of the session's token, hex: the row's key.
  var tokenHash: String
}

extension RangerSession: FetchableRecord, PersistableRecord {
  /// The table that stores the sessions.
  public static let databaseTableName = "rangerSession"

  /// The typed columns of the table, for requests.
  public enum Columns {
    /// The `email` column.
    static let email = Column(CodingKeys.email)
    /// The `expiresAt` column.
    static let expiresAt = Column(CodingKeys.expiresAt)
  }
}

/// Evidence that a signed-in ranger asked: only a checked session gives one, and every
/// ranger-only operation takes one, so which operations need a ranger is decided here, in the
/// logic layer, not by the commands that call them. What it proves is kept where it matters:
/// each row of the payments ledger names the ranger whose proof recorded it.
public struct RangerProof: Sendable, Equatable {
  /// The ranger's email (the synthesized initializer is internal: only this module proves).
  public let email: String
}

/// Starts, checks and ends rangers' sessions.
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

  /// Records that the ranger `email` signed in at `now`, beside every other session (expired
  /// ones are cleared); the token returned is the only way to use it.
  @discardableResult
  public func start(email: String, now: Date) throws -> Started {
    let token = SymmetricKey(size: .bits256).withUnsafeBytes { Self.hex(Data($0)) }
    let session = RangerSession(
      email: email, expiresAt: now.addingTimeInterval(Self.sessionLength),
      tokenHash: Self.hash(token))
    try database.write { db in
      _ = try RangerSession.filter(RangerSession.Columns.expiresAt <= now).deleteAll(db)
      try session.insert(db)
    }
    return Started(session: session, token: token)
  }

  /// The session that `token` proves and that is still valid at `now`, or nil.
  ///
  /// The row is found by the token's hash: someone guessing tokens controls the token, not its
  /// hash, so the lookup tells them nothing.
  public func current(token: String?, now: Date) throws -> RangerSession? {
    guard let token, !token.isEmpty else { return nil }
    let tokenHash = Self.hash(token)
    guard let session = try database.read({ db in try RangerSession.fetchOne(db, key: tokenHash) }),
      session.expiresAt > now
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

  /// Ends the session `token` proves, and no other; true when there was one.
  @discardableResult
  public func end(token: String?) throws -> Bool {
    guard let token, !token.isEmpty else { return false }
    let tokenHash = Self.hash(token)
    return try database.write { db in try RangerSession.deleteOne(db, key: tokenHash) }
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
}
