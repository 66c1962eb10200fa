import CampgroundKit
import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a subcommand may touch outside its arguments; the real world in the app, fakes in tests.
public struct CommandContext {
  /// The environment variables to read.
  public var environment: [String: String]
  /// The folder the default database lives under.
  public var defaultFolder: URL
  /// Where prompts read answers.
  public var reader: any LineReader
  /// The transport the weather client uses.
  public var urlSession: any URLSessionProtocol
  /// How the weather client retries a failed request.
  public var retry: RetryPolicy
  /// The current time: dates default to its day, and sessions expire by it.
  public var now: Date
  /// PBKDF2 rounds for ranger passwords set now (the standard 600,000; tests set fewer).
  public var passwordRounds = RangerAccountService.standardRounds

  /// Creates a context.
  public init(
    environment: [String: String], defaultFolder: URL, reader: any LineReader,
    urlSession: any URLSessionProtocol, retry: RetryPolicy = .never, now: Date
  ) {
    self.environment = environment
    self.defaultFolder = defaultFolder
    self.reader = reader
    self.urlSession = urlSession
    self.retry = retry
    self.now = now
  }

  /// The process's environment, standard input, the shared URL session and the clock.
  public static var live: CommandContext {
    let environment = ProcessInfo.processInfo.environment
    return CommandContext(
      environment: environment,
      defaultFolder: Environment.defaultFolder(
        environment: environment, home: FileManager.default.homeDirectoryForCurrentUser),
      reader: StandardInputReader(), urlSession: URLSession.shared, retry: .standard, now: Date())
  }
}

extension CommandContext {
  /// Where this user's session token is kept.
  var sessionTokenURL: URL {
    SessionTokenFile.url(environment: environment, defaultFolder: defaultFolder)
  }

  /// The proof that this user signed in at `database`, or `CampgroundError.notSignedIn`.
  func rangerProof(for database: CampgroundDatabase) throws -> RangerProof {
    try SessionService(database: database).require(
      token: SessionTokenFile.read(from: sessionTokenURL), now: now)
  }
}
