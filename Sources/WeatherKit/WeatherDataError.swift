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
}

extension WeatherDataError: CustomStringConvertible {
  /// A one-line explanation of the failure.
  public var description: String {
    switch self {
    case .invalidCoordinates(let latitude, let longitude):
      return
        "Invalid coordinates \(latitude),\(longitude): latitude must be within ±90, longitude ±180"
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
    }
  }
}

extension WeatherDataError: LocalizedError {
  /// The same one-line explanation, for APIs that read `localizedDescription`.
  public var errorDescription: String? { description }
}
