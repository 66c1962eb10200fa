import Foundation
import GRDB

// MARK: - Reservations

extension CampgroundDatabase {
  /// Inserts a standing reservation unless the camper or site is unknown or a night is taken.
  func insertReservation(_ reservation: Reservation) throws -> Reservation {
    try write { db in
      guard try Camper.exists(db, key: reservation.camperId) else {
        throw CampgroundError.camperNotFound(id: reservation.camperId)
      }
      guard try CampSite.exists(db, key: reservation.siteNumber) else {
        throw CampgroundError.siteNotFound(number: reservation.siteNumber)
      }
      let clashes =
        try Reservation
        .filter(Reservation.Columns.siteNumber == reservation.siteNumber)
        .filter(Self.reserved(overlapping: reservation.startDate, reservation.endDate))
        .fetchCount(db)
      if clashes > 0 {
        throw CampgroundError.siteUnavailable(
          number: reservation.siteNumber, from: reservation.startDate,
          nights: reservation.nights)
      }
      return try reservation.inserted(db)
    }
  }

  /// Marks the reservation cancelled, freeing its nights.
  func cancelReservation(id: Int64) throws -> Reservation {
    try write { db in
      var reservation = try existingReservation(id: id, in: db)
      reservation.status = .cancelled
      try reservation.update(db)
      return reservation
    }
  }

  /// The reservation with this id, if any.
  func reservation(id: Int64) throws -> Reservation? {
    try read { db in try Reservation.fetchOne(db, key: id) }
  }

  /// The camper's reservations, by start date.
  func reservations(camperId: Int64) throws -> [Reservation] {
    try read { db in
      try Reservation
        .filter(Reservation.Columns.camperId == camperId)
        .order(Reservation.Columns.startDate, Reservation.Columns.id)
        .fetchAll(db)
    }
  }

  /// Standing reservations holding a night in `[start, end)`, by start date and site.
  func reservations(overlapping start: Date, _ end: Date) throws -> [Reservation] {
    try read { db in
      try Reservation
        .filter(Self.reserved(overlapping: start, end))
        .order(Reservation.Columns.startDate, Reservation.Columns.siteNumber)
        .fetchAll(db)
    }
  }

  /// Reservations that stand and hold a night of `[start, end)`.
  static func reserved(overlapping start: Date, _ end: Date) -> SQLExpression {
    Reservation.Columns.status == ReservationStatus.reserved.rawValue
      && Reservation.Columns.startDate < end
      && Reservation.Columns.endDate > start
  }

  /// The reservation with this id, refusing an unknown or a cancelled one.
  func existingReservation(id: Int64, in db: Database) throws -> Reservation {
    guard let reservation = try Reservation.fetchOne(db, key: id) else {
      throw CampgroundError.reservationNotFound(id: id)
    }
    guard reservation.status != .cancelled else {
      throw CampgroundError.reservationCancelled(id: id)
    }
    return reservation
  }
}
