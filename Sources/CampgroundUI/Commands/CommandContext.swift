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
  /// The folder the default database lives under (the user's data folder).
  public var defaultFolder: URL
  /// The folder the session token is kept under (the user's state folder).
  public var stateFolder: URL
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
  /// Where a command says something beside its output, once (files it made private): standard
  /// error in the app, so the output stays the command's alone. Nowhere unless set.
  public var note: @Sendable (String) -> Void = { _ in }

  /// Creates a context; the session token is kept under `stateFolder`, else `defaultFolder`.
  public init(
    environment: [String: String], defaultFolder: URL, stateFolder: URL? = nil,
    reader: any LineReader, urlSession: any URLSessionProtocol, retry: RetryPolicy = .never,
    now: Date
  ) {
    self.environment = environment
    self.defaultFolder = defaultFolder
    self.stateFolder = stateFolder ?? defaultFolder
    self.reader = reader
    self.urlSession = urlSession
    self.retry = retry
    self.now = now
  }

  /// The process's environment (its `$HOME` and XDG folders), standard input, the shared URL
  /// session, the clock, and standard error for notes.
  public static var live: CommandContext {
    let environment = ProcessInfo.processInfo.environment
    let home = Environment.homeFolder(
      environment: environment, account: FileManager.default.homeDirectoryForCurrentUser)
    var context = CommandContext(
      environment: environment,
      defaultFolder: Environment.defaultFolder(environment: environment, home: home),
      stateFolder: Environment.stateFolder(environment: environment, home: home),
      reader: StandardInputReader(), urlSession: URLSession.shared, retry: .standard, now: Date())
    context.note = { note in FileHandle.standardError.write(Data("Note: \(note)\n".utf8)) }
    return context
  }
}

extension CommandContext {
  /// Where this user's session token is kept.
  var sessionTokenURL: URL {
    SessionTokenFile.url(environment: environment, stateFolder: stateFolder)
  }

  /// The campground's clock: this context's time, in the campground's zone
  /// (`$CAMPGROUND_TIME_ZONE`, else the machine's).
  func campgroundClock() throws -> CampgroundClock {
    CampgroundClock.fixed(at: now, in: try Environment.campgroundTimeZone(environment: environment))
  }

  /// The proof that this user signed in at `database`, or `CampgroundError.notSignedIn`.
  func rangerProof(for database: CampgroundDatabase) throws -> RangerProof {
    try SessionService(database: database).require(
      token: SessionTokenFile.read(from: sessionTokenURL), now: now)
  }
}
