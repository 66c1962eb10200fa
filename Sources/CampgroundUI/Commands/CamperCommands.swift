import ArgumentParser
import CampgroundKit

/// `campground campers`: lists campers, optionally those with one name.
struct CampersCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "campers", abstract: "List the campers.")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "Only campers with this full name.") var name: String?

  func output(in context: CommandContext) async throws -> String {
    let service = CamperService(database: try options.open(in: context))
    return CamperTable.render(try name.map(service.findCampers(named:)) ?? service.allCampers())
  }
}

/// `campground add-camper`: registers a camper and prints the id to book with.
struct AddCamperCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "add-camper", abstract: "Register a camper.")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The camper's full name.") var name: String
  @Option(help: "The camper's phone number.") var phone: String

  func output(in context: CommandContext) async throws -> String {
    let camper = try CamperService(database: options.open(in: context))
      .addCamper(fullName: name, phoneNumber: phone)
    return
      "Camper \(camper.id ?? 0): \(PlainText.escaped(camper.fullName)) (\(PlainText.escaped(camper.phoneNumber)))"
  }
}

/// `campground delete-camper`: removes a camper registered by mistake, one no reservation
/// names; rangers only.
struct DeleteCamperCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-camper",
    abstract: "Delete a camper who has no reservations (ranger only: sign in first).")

  @OptionGroup var options: DatabaseOptions
  @Argument(help: "The camper id (see: campground campers).") var camper: Int64

  func output(in context: CommandContext) async throws -> String {
    let (database, ranger) = try options.openSignedIn(in: context)
    try CamperService(database: database).deleteCamper(id: camper, by: ranger)
    return "Deleted camper \(camper)."
  }
}
