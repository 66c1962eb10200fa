import ArgumentParser
import CampgroundKit
import Foundation

/// `campground ranger`: the rangers' accounts.
struct RangerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ranger", abstract: "Manage the rangers' accounts.",
    subcommands: [RangerAddCommand.self, RangerRemoveCommand.self, RangerPasswordCommand.self])
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
    // The first account needs no ranger; the service refuses a later one without a proof, and
    // decides which is first in the transaction that adds it.
    let ranger = try accounts.hasAccounts() ? try context.rangerProof(for: database) : nil
    let password = try NewPassword.read(file: passwordFile, prompt: "Password", in: context)
    let account = try accounts.add(email: email, password: password, by: ranger)
    return "Ranger \(account.email) added; sign in with: campground login --email \(account.email)"
  }
}

/// `campground ranger remove`: removes a ranger's account and ends their sessions; the last
/// ranger stays. Rangers only.
struct RangerRemoveCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Remove a ranger account; the last one stays (ranger only: sign in first).")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The email of the ranger to remove.") var email: String

  func output(in context: CommandContext) async throws -> String {
    let (database, ranger) = try options.openSignedIn(in: context)
    try RangerAccountService(database: database).remove(email: email, by: ranger)
    return "Ranger \(Self.shown(email)) removed; their sessions ended."
  }
}

extension RangerRemoveCommand {
  /// The email as accounts key it (trimmed, lower-cased), safe to print.
  static func shown(_ email: String) -> String {
    PlainText.escaped(email.trimmingCharacters(in: .whitespaces).lowercased())
  }
}

/// `campground ranger password`: changes a ranger's password, given the current one (checked
/// as a sign-in is, throttled); every session of that ranger ends.
struct RangerPasswordCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "password",
    abstract: "Change a ranger's password (the current one is asked first).")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The email of the ranger.") var email: String
  @Option(
    help:
      "Read the current password from this file's first line (a file only you can read) instead of the terminal."
  )
  var passwordFile: String?
  @Option(
    help:
      "Read the new password from this file's first line (a file only you can read) instead of the terminal."
  )
  var newPasswordFile: String?

  func output(in context: CommandContext) async throws -> String {
    var accounts = RangerAccountService(database: try options.open(in: context))
    accounts.rounds = context.passwordRounds
    let current: String
    if let passwordFile {
      current = try PasswordFile.read(passwordFile)
    } else {
      guard let typed = try context.reader.readSecret(prompt: "Current password: ") else {
        throw CampgroundUIError.missingInput("current password")
      }
      current = typed
    }
    let new = try NewPassword.read(file: newPasswordFile, prompt: "New password", in: context)
    try accounts.changePassword(email: email, current: current, new: new, now: context.now)
    let key = RangerRemoveCommand.shown(email)
    return
      "Password changed for \(key); their sessions ended: sign in again with: campground login --email \(key)"
  }
}

/// A password being set: a file's first line, or typed twice unseen.
enum NewPassword {
  /// The password in `file`, or the one typed at "`prompt`: " and again.
  static func read(file: String?, prompt: String, in context: CommandContext) throws -> String {
    if let file { return try PasswordFile.read(file) }
    guard let password = try context.reader.readSecret(prompt: "\(prompt): ") else {
      throw CampgroundUIError.missingInput(prompt.lowercased())
    }
    guard let again = try context.reader.readSecret(prompt: "\(prompt) again: ") else {
      throw CampgroundUIError.missingInput("\(prompt.lowercased()) again")
    }
    guard password == again else { throw CampgroundUIError.passwordsDiffer }
    return password
  }
}
