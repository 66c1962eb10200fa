import Foundation
import GRDB

/// The ranger signed in at this campground's database, until the session expires.
public struct RangerSession: Codable, Equatable, Sendable {
  /// The one row the table holds.
  var id = 1
  /// The email the ranger signed in with.
  public var email: String
  /// When the session stops counting.
  public var expiresAt: Date

  /// Creates a session for `email` that expires at `expiresAt`.
  public init(email: String, expiresAt: Date) {
    self.email = email
    self.expiresAt = expiresAt
  }
}

extension RangerSession: FetchableRecord, PersistableRecord {
  /// The table that stores the session.
  public static let databaseTableName = "rangerSession"
}

/// Starts, checks and ends the ranger's session; commands that change money or delete need one.
public struct SessionService: Sendable {
  /// How long a sign-in lasts.
  public static let sessionLength: TimeInterval = 8 * 60 * 60

  private let database: CampgroundDatabase

  /// Creates a service over `database`.
  public init(database: CampgroundDatabase) {
    self.database = database
  }

  /// Records that the ranger `email` signed in at `now`, replacing any earlier session.
  @discardableResult
  public func start(email: String, now: Date) throws -> RangerSession {
    let session = RangerSession(email: email, expiresAt: now.addingTimeInterval(Self.sessionLength))
    try database.write { db in try session.upsert(db) }
    return session
  }

  /// The session that is still valid at `now`, or nil.
  public func current(now: Date) throws -> RangerSession? {
    let session = try database.read { db in try RangerSession.fetchOne(db) }
    return session.flatMap { $0.expiresAt > now ? $0 : nil }
  }

  /// The valid session, or `CampgroundError.notSignedIn`.
  @discardableResult
  public func require(now: Date) throws -> RangerSession {
    guard let session = try current(now: now) else { throw CampgroundError.notSignedIn }
    return session
  }

  /// Ends the session; true when there was one.
  @discardableResult
  public func end() throws -> Bool {
    try database.write { db in try RangerSession.deleteAll(db) > 0 }
  }
}
