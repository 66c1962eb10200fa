import Foundation
import GRDB

/// A camper's booking of one site for a run of nights.
public struct Reservation: Codable, Equatable, Hashable, Sendable {
  /// The database id; nil for a reservation that was never stored (an invalid one).
  public var id: Int64?
  /// The camper who booked.
  public var camperId: Int64
  /// The booked site.
  public var siteNumber: Int
  /// The first night's day, stored as its UTC midnight (a date, not an instant). Which day an
  /// instant falls on is the campground's to say: `ReservationService` cuts it in the
  /// campground's zone before a reservation is made.
  public var startDate: Date
  /// The check-out day: `startDate` plus `nights` days (the start itself for an invalid stay).
  public var endDate: Date
  /// How many nights are booked.
  public var nights: Int
  /// Whether the booking stands.
  public var status: ReservationStatus
  /// The total price, in cents.
  public var amountDueCents: Int
  /// What the camper has paid so far, in cents: the sum of the reservation's rows in the payments
  /// ledger (`Payment`), rewritten from them in the transaction that adds each row.
  public var amountPaidCents: Int

  /// Creates a reservation; the end date is derived from the start day and the nights.
  public init(
    id: Int64? = nil, camperId: Int64, siteNumber: Int, startDate: Date, nights: Int,
    status: ReservationStatus, amountDueCents: Int, amountPaidCents: Int = 0
  ) {
    self.id = id
    self.camperId = camperId
    self.siteNumber = siteNumber
    self.startDate = CampgroundCalendar.startOfDay(startDate)
    let stay = ReservationService.allowedNights.contains(nights) ? nights : 0
    self.endDate = CampgroundCalendar.adding(nights: stay, to: startDate)
    self.nights = nights
    self.status = status
    self.amountDueCents = amountDueCents
    self.amountPaidCents = amountPaidCents
  }

  /// What is still owed, in cents.
  public var balanceCents: Int { max(amountDueCents - amountPaidCents, 0) }

  /// Whether the amount due has been paid in full.
  public var isPaid: Bool { amountPaidCents >= amountDueCents }

  /// Whether this reservation holds the site on any night of `[start, end)`.
  public func overlaps(start: Date, end: Date) -> Bool {
    status == .reserved && startDate < end && start < endDate
  }
}

extension Reservation: FetchableRecord, MutablePersistableRecord {
  /// The table that stores reservations.
  public static let databaseTableName = "reservation"

  /// The typed columns of the table, for requests.
  public enum Columns {
    /// The `id` column.
    public static let id = Column(CodingKeys.id)
    /// The `camperId` column.
    public static let camperId = Column(CodingKeys.camperId)
    /// The `siteNumber` column.
    public static let siteNumber = Column(CodingKeys.siteNumber)
    /// The `startDate` column.
    public static let startDate = Column(CodingKeys.startDate)
    /// The `endDate` column.
    public static let endDate = Column(CodingKeys.endDate)
    /// The `status` column.
    public static let status = Column(CodingKeys.status)
    /// The `amountPaidCents` column.
    public static let amountPaidCents = Column(CodingKeys.amountPaidCents)
  }

  /// Keeps the id SQLite assigned on insert.
  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
