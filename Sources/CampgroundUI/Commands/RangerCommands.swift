import ArgumentParser
import CampgroundKit

/// `campground ranger`: the rangers' accounts.
struct RangerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ranger", abstract: "Manage the rangers' accounts.",
    subcommands: [RangerAddCommand.self])
}

/// `campground ranger add`: adds a ranger who can sign in; the password, asked twice, is kept
/// only as a salted hash. The first account needs no sign-in; later ones need a ranger's.
struct RangerAddCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a ranger account (the password is asked twice and stored as a salted hash).")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The email the ranger signs in with.") var email: String
  @Option(
    help:
      "Read the password from this file's first line (a file only you can read) instead of the terminal."
  )
  var passwordFile: String?

  func output(in context: CommandContext) async throws -> String {
    let database = try options.open(in: context)
    var accounts = RangerAccountService(database: database)
    accounts.rounds = context.passwordRounds
    // The first account needs no ranger; the service refuses a later one without a proof.
    let ranger = try accounts.hasAccounts() ? try context.rangerProof(for: database) : nil
    let account = try accounts.add(email: email, password: try password(in: context), by: ranger)
    return "Ranger \(account.email) added; sign in with: campground login --email \(account.email)"
  }
}

extension RangerAddCommand {
  /// The file's password, or one typed twice unseen.
  fileprivate func password(in context: CommandContext) throws -> String {
    if let passwordFile { return try PasswordFile.read(passwordFile) }
    guard let password = try context.reader.readSecret(prompt: "Password: ") else {
      throw CampgroundUIError.missingInput("password")
    }
    guard let again = try context.reader.readSecret(prompt: "Password again: ") else {
      throw CampgroundUIError.missingInput("password again")
    }
    guard password == again else { throw CampgroundUIError.passwordsDiffer }
    return password
  }
}
