import Foundation

/// Why the weather could not be had, with a one-line description for the user.
public enum WeatherDataError: Error, Equatable, Sendable {
  /// The latitude or longitude is out of range.
  case invalidCoordinates(latitude: Double, longitude: Double)
  /// The request failed before any response, e.g. no network.
  case failedRequest(String)
  /// The reply was not an HTTP response.
  case invalidResponse
  /// The server answered with a status outside 200-299.
  case httpStatus(Int)
  /// The body was not the weather JSON we expect.
  case invalidData
  /// The current location could not be determined.
  case locationUnavailable(String)
  /// The service sent a value no weather has: `name` (e.g. "temperature") was `value`, outside
  /// `range`, in `unit` (written after the number, e.g. "°C" or " m/s").
  case valueOutOfRange(name: String, value: Double, range: ClosedRange<Double>, unit: String)
}

extension WeatherDataError: CustomStringConvertible {
  /// A one-line explanation of the failure.
  public var description: String {
    switch self {
    case .invalidCoordinates(let latitude, let longitude):
      let place = "\(NumberText.fixed(latitude)),\(NumberText.fixed(longitude))"
      return "Invalid coordinates \(place): latitude must be within ±90, longitude ±180"
    case .failedRequest(let reason):
      return "The weather request failed: \(reason)"
    case .invalidResponse:
      return "The weather service did not send an HTTP response"
    case .httpStatus(let status):
      return "The weather service answered with HTTP status \(status)"
    case .invalidData:
      return "The weather service sent data that is not a forecast"
    case .locationUnavailable(let reason):
      return "The current location is unavailable: \(reason)"
    case .valueOutOfRange(let name, let value, let range, let unit):
      let low = NumberText.fixed(range.lowerBound)
      let high = NumberText.fixed(range.upperBound)
      return
        "The weather service sent a \(name) of \(NumberText.fixed(value))\(unit), outside \(low) to \(high)\(unit); no weather is shown"
    }
  }
}

extension WeatherDataError: LocalizedError {
  /// The same one-line explanation, for APIs that read `localizedDescription`.
  public var errorDescription: String? { description }
}
