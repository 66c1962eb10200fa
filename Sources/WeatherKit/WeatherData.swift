import Foundation

/// A forecast response: where it is for, and the current conditions there.
public struct WeatherData: Decodable, Equatable, Sendable {
  /// The latitude the forecast is for.
  public var latitude: Double
  /// The longitude the forecast is for.
  public var longitude: Double
  /// The conditions right now.
  public var currently: CurrentConditions
  /// The unit system of the figures ("us", "si", ...), when the response says.
  public var units: String?

  /// Creates a forecast from its values.
  public init(
    latitude: Double, longitude: Double, currently: CurrentConditions, units: String? = nil
  ) {
    self.latitude = latitude
    self.longitude = longitude
    self.currently = currently
    self.units = units
  }

  /// The unit after a temperature: Celsius in every system but "us" (the service's default,
  /// so also when the response does not say).
  public var temperatureUnit: String { (units ?? "us") == "us" ? "°F" : "°C" }

  /// The unit after a wind speed, as the Dark Sky-style API defines its systems: "si" m/s,
  /// "ca" km/h, "uk" and "uk2" mph, "us" (or unsaid) mph.
  public var windSpeedUnit: String {
    switch units ?? "us" {
    case "si": "m/s"
    case "ca": "km/h"
    default: "mph"
    }
  }

  private enum CodingKeys: String, CodingKey {
    case latitude, longitude, currently, flags
  }

  private struct Flags: Decodable {
    var units: String?
  }

  /// Decodes the API's JSON; `flags.units` is optional.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    latitude = try container.decode(Double.self, forKey: .latitude)
    longitude = try container.decode(Double.self, forKey: .longitude)
    currently = try container.decode(CurrentConditions.self, forKey: .currently)
    units = try container.decodeIfPresent(Flags.self, forKey: .flags)?.units
  }

  /// Decodes a response body, reading times as seconds since 1970.
  public static func decode(from data: Data) throws -> WeatherData {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return try decoder.decode(WeatherData.self, from: data)
  }
}
