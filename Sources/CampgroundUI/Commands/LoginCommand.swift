import ArgumentParser
import AuthKit
import CampgroundKit
import Foundation

/// `campground login`: signs a ranger in against the accounts in the database (salted
/// hashes, `campground ranger add`): the session lasts until it expires, and only this user's
/// token (kept outside the database, `SessionTokenFile`) proves it.
struct LoginCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract: "Sign in as a ranger (accounts: campground ranger add); the session lasts 8 hours.")

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The email to sign in with (asked when missing).") var email: String?
  @Option(
    help:
      "Read the password from this file's first line (a file only you can read) instead of the terminal."
  )
  var passwordFile: String?

  func output(in context: CommandContext) async throws -> String {
    let database = try options.open(in: context)
    let accounts = RangerAccountService(database: database)
    guard try accounts.hasAccounts() else { throw CampgroundUIError.missingAccount }
    let user = try await LoginPrompt(
      auth: RangerAuth(accounts: accounts, now: context.now), reader: context.reader
    ).run(email: email, password: try passwordFile.map(PasswordFile.read))
    let started = try SessionService(database: database).start(email: user.email, now: context.now)
    try SessionTokenFile.write(started.token, to: context.sessionTokenURL)
    return
      "Welcome, \(user.displayName). Signed in until \(ClockText.utc(started.session.expiresAt))."
  }
}

/// `campground logout`: ends this user's session, the one their token proves, and no other
/// ranger's.
struct LogoutCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "logout", abstract: "End your ranger session (other rangers stay signed in).")

  @OptionGroup var options: DatabaseOptions

  func output(in context: CommandContext) async throws -> String {
    let token = SessionTokenFile.read(from: context.sessionTokenURL)
    defer { SessionTokenFile.remove(at: context.sessionTokenURL) }
    return try SessionService(database: options.open(in: context)).end(token: token)
      ? "Signed out." : "Nobody was signed in."
  }
}
