import Foundation
import WeatherKit

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
  /// Today, for commands whose dates default to it.
  public var today: Date

  /// Creates a context.
  public init(
    environment: [String: String], defaultFolder: URL, reader: any LineReader,
    urlSession: any URLSessionProtocol, today: Date
  ) {
    self.environment = environment
    self.defaultFolder = defaultFolder
    self.reader = reader
    self.urlSession = urlSession
    self.today = today
  }

  /// The process's environment, standard input, the shared URL session and the clock.
  public static var live: CommandContext {
    CommandContext(
      environment: ProcessInfo.processInfo.environment, defaultFolder: Environment.defaultFolder,
      reader: StandardInputReader(), urlSession: URLSession.shared, today: Date())
  }
}
