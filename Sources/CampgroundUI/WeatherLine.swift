import WeatherKit

/// Formats the weather as one line for the terminal.
public enum WeatherLine {
  /// E.g. "Light Rain, 8.5°C, wind 3.3 m/s", in the units the response names.
  public static func render(_ weather: WeatherData) -> String {
    let temperature = oneDecimal(weather.currently.temperature) + weather.temperatureUnit
    let wind = oneDecimal(weather.currently.windSpeed) + " " + weather.windSpeedUnit
    return "\(weather.currently.summary), \(temperature), wind \(wind)"
  }

  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
  }
}
