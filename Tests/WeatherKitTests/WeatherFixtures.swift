import Foundation
import WeatherKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Canned responses for the WeatherKit tests, built in memory.
enum WeatherFixtures {
  static let baseURL = URL(string: "https://weather.test/forecast/KEY")!

  static let json = Data(
    """
    {"latitude": 45.5, "longitude": -73.25, "timezone": "America/Toronto",
     "currently": {"time": 1700000000, "summary": "Light Rain", "icon": "rain",
                   "temperature": 8.5, "windSpeed": 3.25},
     "flags": {"units": "si"}}
    """.utf8)

  static let weather = WeatherData(
    latitude: 45.5, longitude: -73.25,
    currently: CurrentConditions(
      time: Date(timeIntervalSince1970: 1_700_000_000), summary: "Light Rain", icon: "rain",
      temperature: 8.5, windSpeed: 3.25),
    units: "si")

  static func response(status: Int) -> HTTPURLResponse {
    HTTPURLResponse(url: baseURL, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
  }
}

/// An error a fake transport can fail with.
struct FakeTransportError: LocalizedError {
  var errorDescription: String? { "The network connection was lost" }
}
