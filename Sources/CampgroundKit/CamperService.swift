import Foundation

/// Registers campers, looks them up, and removes one who never booked.
public struct CamperService: Sendable {
  private let database: CampgroundDatabase
  private let queue: DispatchQueue

  /// Creates a service over `database`; background saves run on `queue`.
  public init(database: CampgroundDatabase, queue: DispatchQueue = .global(qos: .userInitiated)) {
    self.database = database
    self.queue = queue
  }

  /// Registers a camper; rejects an empty name or phone number, one holding a control
  /// character (`PlainText.isControl`: it would act on the terminal that prints it), and a
  /// duplicate.
  @discardableResult
  public func addCamper(fullName: String, phoneNumber: String) throws -> Camper {
    let name = fullName.trimmingCharacters(in: .whitespacesAndNewlines)
    let phone = phoneNumber.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw CampgroundError.emptyName }
    guard !phone.isEmpty else { throw CampgroundError.emptyPhoneNumber }
    for (field, text) in [("name", name), ("phone number", phone)] {
      if let scalar = PlainText.firstControl(in: text) {
        throw CampgroundError.controlCharacter(field: field, code: PlainText.code(scalar))
      }
    }
    return try database.insertCamper(Camper(fullName: name, phoneNumber: phone))
  }

  /// Registers a camper on the background queue and reports the outcome to `completion` there.
  public func addCamper(
    fullName: String, phoneNumber: String,
    completion: @escaping @Sendable (Result<Camper, CampgroundError>) -> Void
  ) {
    queue.async {
      completion(
        CampgroundError.catching { try addCamper(fullName: fullName, phoneNumber: phoneNumber) })
    }
  }

  /// The camper with this id, or nil.
  public func camper(id: Int64) throws -> Camper? {
    try database.camper(id: id)
  }

  /// Campers registered under `fullName` (case does not matter).
  public func findCampers(named fullName: String) throws -> [Camper] {
    try database.campers(named: fullName.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Deletes a camper registered by mistake; refused, with the reservations named, while any
  /// reservation names them: their stays and payments are kept. Rangers only.
  public func deleteCamper(id: Int64, by ranger: RangerProof) throws {
    try database.deleteCamper(id: id)
  }

  /// Every registered camper, by name.
  public func allCampers() throws -> [Camper] {
    try database.allCampers()
  }
}

extension CampgroundError {
  /// Runs `body`, turning any thrown error into a `CampgroundError`.
  static func catching<T>(_ body: () throws -> T) -> Result<T, CampgroundError> {
    do {
      return .success(try body())
    } catch let error as CampgroundError {
      return .failure(error)
    } catch {
      return .failure(.database("\(error)"))
    }
  }
}
