import CampgroundKit
import WeatherKit

/// Formats the weather as one line for the terminal.
public enum WeatherLine {
  /// E.g. "Light Rain, 8.5°C, wind 3.3 m/s", in the units the response names.
  ///
  /// A value no weather has (`WeatherData.valueOutOfRange`: a temperature of 1e300, a wind of
  /// -3 m/s) throws that error instead of a line; the summary, the service's text, is printed
  /// with its control characters shown as codes.
  public static func render(_ weather: WeatherData) throws -> String {
    if let refused = weather.valueOutOfRange { throw refused }
    let temperature = oneDecimal(weather.currently.temperature) + weather.temperatureUnit
    let wind = oneDecimal(weather.currently.windSpeed) + " " + weather.windSpeedUnit
    return "\(PlainText.escaped(weather.currently.summary)), \(temperature), wind \(wind)"
  }

  /// A value of the plausible ranges (well within `Int`) to one decimal.
  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
  }
}
