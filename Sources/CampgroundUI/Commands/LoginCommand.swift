import ArgumentParser
import AuthKit

/// `campground login`: signs the ranger in, checking the prompt's answers against the configured account.
struct LoginCommand: CampgroundSubcommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract:
      "Sign in as the ranger (account from \(Environment.rangerEmail)/\(Environment.rangerPassword))."
  )

  @Option(help: "The email to sign in with (asked when missing).") var email: String?

  func output(in context: CommandContext) async throws -> String {
    guard let accountEmail = context.environment[Environment.rangerEmail], !accountEmail.isEmpty,
      let password = context.environment[Environment.rangerPassword], !password.isEmpty
    else { throw CampgroundUIError.missingAccount }
    let ranger = AuthUser(email: accountEmail, displayName: "Ranger")
    let auth = LocalAuth(accounts: [LocalAuth.Account(user: ranger, password: password)])
    return try LoginPrompt(auth: auth, reader: context.reader).run(email: email)
  }
}
