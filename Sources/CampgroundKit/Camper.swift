import GRDB

/// A person who stays at the campground.
public struct Camper: Codable, Equatable, Hashable, Sendable {
  /// The database id; nil until the camper is saved.
  public var id: Int64?
  /// The camper's full name, e.g. "Ada Lovelace".
  public var fullName: String
  /// The number to call the camper on.
  public var phoneNumber: String

  /// Creates a camper; `id` is set when it is saved.
  public init(id: Int64? = nil, fullName: String, phoneNumber: String) {
    self.id = id
    self.fullName = fullName
    self.phoneNumber = phoneNumber
  }
}

extension Camper: FetchableRecord, MutablePersistableRecord {
  /// The table that stores campers.
  public static let databaseTableName = "camper"

  /// The typed columns of the table, for requests.
  public enum Columns {
    /// The `id` column.
    public static let id = Column(CodingKeys.id)
    /// The `fullName` column.
    public static let fullName = Column(CodingKeys.fullName)
    /// The `phoneNumber` column.
    public static let phoneNumber = Column(CodingKeys.phoneNumber)
  }

  /// Keeps the id SQLite assigned on insert.
  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
