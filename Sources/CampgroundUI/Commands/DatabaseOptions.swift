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

  /// Opens the database the option, the environment or the default points at, private to this
  /// user; files others could read are made private, and a note says which, once.
  func open(in context: CommandContext) throws -> CampgroundDatabase {
    let opened = try CampgroundDatabase.open(
      at: Environment.databaseURL(
        option: database, environment: context.environment, defaultFolder: context.defaultFolder),
      ownsFolder: Environment.usesDefaultDatabase(
        option: database, environment: context.environment))
    if !opened.permissionChanges.isEmpty {
      context.note(
        "others could read the campground's files; made them private to you: "
          + opened.permissionChanges.map(\.description).joined(separator: ", "))
    }
    return opened
  }

  /// Opens the database for a command only a signed-in ranger may run, with the proof of the
  /// session this user's token shows.
  func openSignedIn(in context: CommandContext) throws -> (CampgroundDatabase, RangerProof) {
    let database = try open(in: context)
    return (database, try context.rangerProof(for: database))
  }
}
