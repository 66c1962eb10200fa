import ArgumentParser
import AuthKit
import CampgroundKit
import Foundation

/// `campground login`: signs the ranger in and keeps the session in the database.
struct LoginCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract:
      "Sign in as the ranger (account from \(Environment.rangerEmail)/\(Environment.rangerPassword))."
  )

  @OptionGroup var options: DatabaseOptions
  @Option(help: "The email to sign in with (asked when missing).") var email: String?

  func output(in context: CommandContext) async throws -> String {
    guard let accountEmail = context.environment[Environment.rangerEmail], !accountEmail.isEmpty,
      let password = context.environment[Environment.rangerPassword], !password.isEmpty
    else { throw CampgroundUIError.missingAccount }
    let database = try options.open(in: context)
    let ranger = AuthUser(email: accountEmail, displayName: "Ranger")
    let user = try await LoginPrompt.signIn(
      account: LocalAuth.Account(user: ranger, password: password), reader: context.reader,
      email: email)
    let session = try SessionService(database: database).start(email: user.email, now: context.now)
    return "Welcome, \(user.displayName). Signed in until \(Self.timeText(session.expiresAt))."
  }

  /// `yyyy-MM-dd HH:mm UTC`.
  static func timeText(_ date: Date) -> String {
    let parts = CampgroundCalendar.calendar.dateComponents([.hour, .minute], from: date)
    let clock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    return "\(CampgroundCalendar.string(from: date)) \(clock) UTC"
  }
}

/// `campground logout`: ends the ranger's session.
struct LogoutCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "logout", abstract: "End the ranger's session.")

  @OptionGroup var options: DatabaseOptions

  func output(in context: CommandContext) async throws -> String {
    try SessionService(database: options.open(in: context)).end()
      ? "Signed out." : "Nobody was signed in."
  }
}

extension LoginPrompt {
  /// Signs in against one local account on the main actor.
  static func signIn(account: LocalAuth.Account, reader: any LineReader, email: String?)
    async throws -> AuthUser
  {
    try await LoginPrompt(auth: LocalAuth(accounts: [account]), reader: reader).run(email: email)
  }
}
