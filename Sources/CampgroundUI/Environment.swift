import Foundation

/// The environment variables the `campground` command reads, and where its database lives.
public enum Environment {
  /// Overrides the database path when `--database` is not given.
  public static let databasePath = "CAMPGROUND_DATABASE"
  /// The campground's time zone (an IANA name such as `America/Toronto`): which day "today" is.
  public static let timeZone = "CAMPGROUND_TIME_ZONE"
  /// The Pirate Weather API key `weather` uses when `--api-key` is not given.
  public static let weatherAPIKey = "PIRATE_WEATHER_API_KEY"

  /// The database file: `option`, else `$CAMPGROUND_DATABASE`, else `campground.sqlite` in the app folder.
  public static func databaseURL(option: String?, environment: [String: String], defaultFolder: URL)
    -> URL
  {
    if let option, !option.isEmpty { return URL(fileURLWithPath: option) }
    if let path = environment[databasePath], !path.isEmpty { return URL(fileURLWithPath: path) }
    return defaultFolder.appendingPathComponent("campground").appendingPathComponent(
      "campground.sqlite")
  }

  /// The campground's time zone: `$CAMPGROUND_TIME_ZONE`, else the machine's (the office's).
  public static func campgroundTimeZone(environment: [String: String]) throws -> TimeZone {
    guard let name = environment[timeZone], !name.isEmpty else { return .current }
    guard let zone = TimeZone(identifier: name) else {
      throw CampgroundUIError.unknownTimeZone(name)
    }
    return zone
  }

  /// The per-user application data folder under `home`.
  ///
  /// `$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`, on Linux (the XDG base
  /// directory rules); `~/Library/Application Support` on macOS.
  public static func defaultFolder(environment: [String: String], home: URL) -> URL {
    #if os(macOS)
      return home.appendingPathComponent("Library/Application Support")
    #else
      if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
        return URL(fileURLWithPath: data)
      }
      return home.appendingPathComponent(".local/share")
    #endif
  }
}
