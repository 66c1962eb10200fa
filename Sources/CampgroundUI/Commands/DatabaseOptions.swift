import ArgumentParser
import CampgroundKit
import Foundation

/// The `--database` option every data command shares.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The database file (default: $\(Environment.databasePath), else campground/campground.sqlite in the user data folder).",
      valueName: "path"))
  var database: String?

  /// Opens the database the option, the environment or the default points at.
  func open(in context: CommandContext) throws -> CampgroundDatabase {
    try CampgroundDatabase.open(
      at: Environment.databaseURL(
        option: database, environment: context.environment, defaultFolder: context.defaultFolder))
  }

  /// Opens the database for a command only a signed-in ranger may run.
  func openSignedIn(in context: CommandContext) throws -> CampgroundDatabase {
    let database = try open(in: context)
    try SessionService(database: database).require(now: context.now)
    return database
  }
}
