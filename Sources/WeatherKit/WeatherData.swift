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

  /// The temperatures a forecast may hold, in its unit: -100 to 100 °C (-148 to 212 °F), wider
  /// than any weather measured on Earth.
  public var plausibleTemperatures: ClosedRange<Double> {
    temperatureUnit == "°F" ? -148...212 : -100...100
  }

  /// The wind speeds a forecast may hold, in its unit: 0 to 150 m/s (540 km/h, 336 mph), above
  /// the fastest gust measured.
  public var plausibleWindSpeeds: ClosedRange<Double> {
    switch windSpeedUnit {
    case "m/s": 0...150
    case "km/h": 0...540
    default: 0...336
    }
  }

  /// The first value no weather has, as the error that refuses the forecast; nil when all are
  /// plausible. A figure outside these ranges is a fault of the service, not weather to show.
  public var valueOutOfRange: WeatherDataError? {
    let checks: [(String, Double, ClosedRange<Double>, String)] = [
      ("latitude", latitude, -90...90, "°"),
      ("longitude", longitude, -180...180, "°"),
      ("temperature", currently.temperature, plausibleTemperatures, temperatureUnit),
      ("wind speed", currently.windSpeed, plausibleWindSpeeds, " " + windSpeedUnit),
    ]
    guard let refused = checks.first(where: { !$0.2.contains($0.1) }) else { return nil }
    return .valueOutOfRange(name: refused.0, value: refused.1, range: refused.2, unit: refused.3)
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
