import Foundation
import GRDB

// MARK: - Camp sites

extension CampgroundDatabase {
  /// Inserts `site` unless its number is taken.
  func insertSite(_ site: CampSite) throws {
    try write { db in
      if try CampSite.exists(db, key: site.siteNumber) {
        throw CampgroundError.duplicateSite(number: site.siteNumber)
      }
      try site.insert(db)
    }
  }

  /// The site with this number, if any.
  func site(number: Int) throws -> CampSite? {
    try read { db in try CampSite.fetchOne(db, key: number) }
  }

  /// Sites offering every amenity in `amenities` (all sites for an empty set), by number.
  func sites(with amenities: Amenities) throws -> [CampSite] {
    try read { db in try Self.request(with: amenities).fetchAll(db) }
  }

  /// Sites offering `amenities` that no standing reservation holds on a night of `[start, end)`.
  func sites(with amenities: Amenities, freeFrom start: Date, to end: Date) throws -> [CampSite] {
    try read { db in
      let taken = Reservation.select(Reservation.Columns.siteNumber)
        .filter(Self.reserved(overlapping: start, end))
      return try Self.request(with: amenities)
        .filter(!taken.contains(CampSite.Columns.siteNumber))
        .fetchAll(db)
    }
  }

  private static func request(with amenities: Amenities) -> QueryInterfaceRequest<CampSite> {
    var request = CampSite.all()
    if amenities.contains(.electricity) {
      request = request.filter(CampSite.Columns.hasElectricity == true)
    }
    if amenities.contains(.water) {
      request = request.filter(CampSite.Columns.hasWater == true)
    }
    return request.order(CampSite.Columns.siteNumber)
  }

  /// Deletes the site and its unpaid past reservations; refused while it has standing ones, and
  /// for good once a camper paid for one (deleting the site would delete what was paid).
  func deleteSite(number: Int) throws {
    try write { db in
      guard try CampSite.exists(db, key: number) else {
        throw CampgroundError.siteNotFound(number: number)
      }
      let standing =
        try Reservation
        .filter(Reservation.Columns.siteNumber == number)
        .filter(Reservation.Columns.status == ReservationStatus.reserved.rawValue)
        .fetchCount(db)
      if standing > 0 {
        throw CampgroundError.siteHasReservations(number: number, count: standing)
      }
      let paid =
        try Reservation
        .filter(Reservation.Columns.siteNumber == number)
        .filter(Reservation.Columns.amountPaidCents > 0)
        .fetchCount(db)
      if paid > 0 {
        throw CampgroundError.siteHasPaidReservations(number: number, count: paid)
      }
      _ = try CampSite.deleteOne(db, key: number)
    }
  }
}
