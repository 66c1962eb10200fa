import Foundation

/// The weather right now at one place, as a Dark Sky-style API reports it.
public struct CurrentConditions: Decodable, Equatable, Sendable {
  /// When the conditions were observed.
  public var time: Date
  /// A short human summary, e.g. "Partly Cloudy".
  public var summary: String
  /// A machine-readable icon name, e.g. "clear-day".
  public var icon: String
  /// The air temperature, in the response's units.
  public var temperature: Double
  /// The wind speed, in the response's units.
  public var windSpeed: Double

  /// Creates conditions from their values.
  public init(time: Date, summary: String, icon: String, temperature: Double, windSpeed: Double) {
    self.time = time
    self.summary = summary
    self.icon = icon
    self.temperature = temperature
    self.windSpeed = windSpeed
  }
}
