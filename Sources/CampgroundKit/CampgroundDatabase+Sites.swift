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

  /// Deletes a site no reservation names. One with reservations, cancelled ones too, is kept
  /// with them: they and their payments are the office's records, and the error names them (the
  /// schema refuses the delete too: reservations reference sites `ON DELETE RESTRICT`).
  func deleteSite(number: Int) throws {
    try write { db in
      guard try CampSite.exists(db, key: number) else {
        throw CampgroundError.siteNotFound(number: number)
      }
      let ids = try Int64.fetchAll(
        db, sql: "SELECT id FROM reservation WHERE siteNumber = ? ORDER BY id",
        arguments: [number])
      guard ids.isEmpty else {
        throw CampgroundError.siteHasReservations(number: number, reservationIds: ids)
      }
      _ = try CampSite.deleteOne(db, key: number)
    }
  }
}
