import ArgumentParser

/// The `campground` command: manage sites, campers and reservations from the terminal.
public struct CampgroundCommand: AsyncParsableCommand {
  /// The command's name, abstract and subcommands.
  public static let configuration = CommandConfiguration(
    commandName: "campground",
    abstract: "Run a small campground: sites, campers, reservations, payments and the weather.",
    subcommands: [
      SitesCommand.self, AddSiteCommand.self, DeleteSiteCommand.self, AvailabilityCommand.self,
      CampersCommand.self, AddCamperCommand.self, DeleteCamperCommand.self, ReserveCommand.self,
      ReservationsCommand.self, CancelCommand.self, PayCommand.self, PaymentsCommand.self,
      LoginCommand.self, LogoutCommand.self, RangerCommand.self, WeatherCommand.self,
    ])

  /// Creates the command; ArgumentParser fills it in.
  public init() {}

  /// Parses `arguments` (without the program name), runs the subcommand in `context`, returns its text.
  public static func output(for arguments: [String], in context: CommandContext) async throws
    -> String
  {
    let command = try parseAsRoot(arguments)
    guard let subcommand = command as? any CampgroundSubcommand else { return helpMessage() }
    return try await subcommand.output(in: context)
  }
}
