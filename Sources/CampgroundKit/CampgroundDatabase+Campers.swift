import GRDB

// MARK: - Campers

extension CampgroundDatabase {
  /// Inserts `camper` unless one with the same name (any case) and phone number exists.
  func insertCamper(_ camper: Camper) throws -> Camper {
    try write { db in
      let duplicate =
        try Camper
        .filter(Camper.Columns.fullName.collating(.nocase) == camper.fullName)
        .filter(Camper.Columns.phoneNumber == camper.phoneNumber)
        .fetchCount(db) > 0
      if duplicate {
        throw CampgroundError.duplicateCamper(
          fullName: camper.fullName, phoneNumber: camper.phoneNumber)
      }
      return try camper.inserted(db)
    }
  }

  /// The camper with this id, if any.
  func camper(id: Int64) throws -> Camper? {
    try read { db in try Camper.fetchOne(db, key: id) }
  }

  /// Campers whose full name matches `fullName`, ignoring case, ordered by id.
  func campers(named fullName: String) throws -> [Camper] {
    try read { db in
      try Camper
        .filter(Camper.Columns.fullName.collating(.nocase) == fullName)
        .order(Camper.Columns.id)
        .fetchAll(db)
    }
  }

  /// Deletes a camper no reservation names. One with reservations is kept with them: they and
  /// their payments are the office's records, and the error names them (the schema refuses the
  /// delete too: reservations reference campers `ON DELETE RESTRICT`).
  func deleteCamper(id: Int64) throws {
    try write { db in
      guard try Camper.exists(db, key: id) else { throw CampgroundError.camperNotFound(id: id) }
      let ids = try Int64.fetchAll(
        db, sql: "SELECT id FROM reservation WHERE camperId = ? ORDER BY id", arguments: [id])
      guard ids.isEmpty else {
        throw CampgroundError.camperHasReservations(id: id, reservationIds: ids)
      }
      _ = try Camper.deleteOne(db, key: id)
    }
  }

  /// Every camper, ordered by name.
  func allCampers() throws -> [Camper] {
    try read { db in
      try Camper.order(Camper.Columns.fullName.collating(.nocase), Camper.Columns.id).fetchAll(db)
    }
  }
}
