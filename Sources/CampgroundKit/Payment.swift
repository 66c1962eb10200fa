import Foundation
import GRDB

/// One row of the payments ledger: money taken for a reservation, money given back, or a
/// correction that undoes an earlier row. Rows are only ever added (the schema refuses a change
/// or a delete), each names the ranger whose signed-in session recorded it and when, and what a
/// reservation has been paid is the sum of its rows.
public struct Payment: Codable, Equatable, Hashable, Sendable {
  /// What a row records.
  public enum Kind: String, Codable, CaseIterable, Sendable {
    /// Money taken from the camper.
    case payment
    /// Money given back to the camper.
    case refund
    /// A fix of the books: the reverse of an earlier row, or what was paid before the ledger.
    case correction
  }

  /// The note of the rows that open the ledger with what was paid before it was kept.
  public static let openingNote = "paid before the ledger was kept"

  /// The database id; nil until the row is saved.
  public var id: Int64?
  /// The reservation the money is for.
  public var reservationId: Int64
  /// What the row records.
  public var kind: Kind
  /// The amount in cents, signed: positive for money taken, negative for money given back.
  public var amountCents: Int
  /// The ranger who recorded it (what their `RangerProof` proved); empty for the rows that
  /// opened the ledger.
  public var rangerEmail: String
  /// When it was recorded.
  public var recordedAt: Date
  /// The row a correction undoes; nil for every other row.
  public var correctsPaymentId: Int64?
  /// Why the row was written, for a correction; empty otherwise.
  public var note: String

  /// Creates a ledger row; `id` is set when it is saved.
  public init(
    id: Int64? = nil, reservationId: Int64, kind: Kind, amountCents: Int, rangerEmail: String,
    recordedAt: Date, correctsPaymentId: Int64? = nil, note: String = ""
  ) {
    self.id = id
    self.reservationId = reservationId
    self.kind = kind
    self.amountCents = amountCents
    self.rangerEmail = rangerEmail
    self.recordedAt = recordedAt
    self.correctsPaymentId = correctsPaymentId
    self.note = note
  }
}

extension Payment: FetchableRecord, MutablePersistableRecord {
  /// The table that stores the ledger.
  public static let databaseTableName = "payment"

  /// The typed columns of the table, for requests.
  public enum Columns {
    /// The `id` column.
    public static let id = Column(CodingKeys.id)
    /// The `reservationId` column.
    public static let reservationId = Column(CodingKeys.reservationId)
    /// The `correctsPaymentId` column.
    public static let correctsPaymentId = Column(CodingKeys.correctsPaymentId)
  }

  /// Keeps the id SQLite assigned on insert.
  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
