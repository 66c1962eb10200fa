import WeatherKit

/// Formats the weather as one line for the terminal.
public enum WeatherLine {
  /// E.g. "Light Rain, 8.5°C, wind 3.3 m/s"; US units unless the response says otherwise.
  public static func render(_ weather: WeatherData) -> String {
    let metric = weather.units.map { $0 != "us" } ?? false
    let temperature = oneDecimal(weather.currently.temperature) + (metric ? "°C" : "°F")
    let wind = oneDecimal(weather.currently.windSpeed) + (metric ? " m/s" : " mph")
    return "\(weather.currently.summary), \(temperature), wind \(wind)"
  }

  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
  }
}
