import Foundation

/// The environment variables the `campground` command reads, and where its files live.
///
/// Every place follows the user's environment, as the XDG base directory rules ask: a test or a
/// CI job that sets `HOME` (or `XDG_DATA_HOME`, `XDG_STATE_HOME`) never touches the user's real
/// files. The campground has no configuration file, so `XDG_CONFIG_HOME` has nothing to point at.
public enum Environment {
  /// Overrides the database path when `--database` is not given.
  public static let databasePath = "CAMPGROUND_DATABASE"
  /// The campground's time zone (an IANA name such as `America/Toronto`): which day "today" is.
  public static let timeZone = "CAMPGROUND_TIME_ZONE"
  /// The Pirate Weather API key `weather` uses when `--api-key` is not given.
  public static let weatherAPIKey = "PIRATE_WEATHER_API_KEY"
  /// The user's home folder.
  public static let homeVariable = "HOME"
  /// Where per-user data goes (the database), on Linux.
  public static let dataHome = "XDG_DATA_HOME"
  /// Where per-user state goes (the session token), on Linux.
  public static let stateHome = "XDG_STATE_HOME"

  /// The database file: `option`, else `$CAMPGROUND_DATABASE`, else `campground.sqlite` in the app folder.
  public static func databaseURL(option: String?, environment: [String: String], defaultFolder: URL)
    -> URL
  {
    if let option, !option.isEmpty { return URL(fileURLWithPath: option) }
    if let path = environment[databasePath], !path.isEmpty { return URL(fileURLWithPath: path) }
    return defaultFolder.appendingPathComponent("campground").appendingPathComponent(
      "campground.sqlite")
  }

  /// Whether the database is the default one (no `option`, no `$CAMPGROUND_DATABASE`): its folder
  /// is then the campground's own, and kept private (700) even when it existed before.
  public static func usesDefaultDatabase(option: String?, environment: [String: String]) -> Bool {
    (option ?? "").isEmpty && (environment[databasePath] ?? "").isEmpty
  }

  /// The campground's time zone: `$CAMPGROUND_TIME_ZONE`, else the machine's (the office's).
  public static func campgroundTimeZone(environment: [String: String]) throws -> TimeZone {
    guard let name = environment[timeZone], !name.isEmpty else { return .current }
    guard let zone = TimeZone(identifier: name) else {
      throw CampgroundUIError.unknownTimeZone(name)
    }
    return zone
  }

  /// The user's home folder: `$HOME` when it is an absolute path, else `account` (the account's
  /// home in the system's user database, which ignores `$HOME`).
  public static func homeFolder(environment: [String: String], account: URL) -> URL {
    if let path = environment[homeVariable], path.hasPrefix("/") {
      return URL(fileURLWithPath: path)
    }
    return account
  }

  /// The per-user application data folder under `home`, where the database lives.
  ///
  /// `$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`, on Linux (the XDG base
  /// directory rules); `~/Library/Application Support` on macOS.
  public static func defaultFolder(environment: [String: String], home: URL) -> URL {
    #if os(macOS)
      return home.appendingPathComponent("Library/Application Support")
    #else
      return xdgFolder(dataHome, default: ".local/share", environment: environment, home: home)
    #endif
  }

  /// The per-user state folder under `home`, where the session token is kept.
  ///
  /// `$XDG_STATE_HOME` when it is an absolute path, else `~/.local/state`, on Linux;
  /// `~/Library/Application Support` on macOS, as for the data.
  public static func stateFolder(environment: [String: String], home: URL) -> URL {
    #if os(macOS)
      return home.appendingPathComponent("Library/Application Support")
    #else
      return xdgFolder(stateHome, default: ".local/state", environment: environment, home: home)
    #endif
  }

  /// `$variable` when it is an absolute path (the rules ignore a relative one), else `home/path`.
  private static func xdgFolder(
    _ variable: String, default path: String, environment: [String: String], home: URL
  ) -> URL {
    if let folder = environment[variable], folder.hasPrefix("/") {
      return URL(fileURLWithPath: folder)
    }
    return home.appendingPathComponent(path)
  }
}
