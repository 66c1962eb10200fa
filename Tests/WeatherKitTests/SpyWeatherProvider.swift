import Foundation
import WeatherKit

/// A weather provider that records the coordinates it was asked for and answers with a canned result.
final class SpyWeatherProvider: WeatherProviding, @unchecked Sendable {
  private let lock = NSLock()
  private var requested: [Coordinate] = []
  private let result: Result<WeatherData, WeatherDataError>

  init(result: Result<WeatherData, WeatherDataError>) {
    self.result = result
  }

  var requestedCoordinates: [Coordinate] { lock.withLock { requested } }

  func weatherData(
    latitude: Double, longitude: Double,
    completion: @escaping @Sendable (Result<WeatherData, WeatherDataError>) -> Void
  ) {
    lock.withLock { requested.append(Coordinate(latitude: latitude, longitude: longitude)) }
    completion(result)
  }

  func weather(latitude: Double, longitude: Double) async throws -> WeatherData {
    lock.withLock { requested.append(Coordinate(latitude: latitude, longitude: longitude)) }
    return try result.get()
  }
}
