import WeatherKit

/// A weather provider that records the coordinates it was asked for and answers with a canned result.
final class SpyWeatherProvider: WeatherProviding, @unchecked Sendable {
  private(set) var requestedCoordinates: [Coordinate] = []
  private let result: Result<WeatherData, WeatherDataError>

  init(result: Result<WeatherData, WeatherDataError>) {
    self.result = result
  }

  func weatherData(
    latitude: Double, longitude: Double,
    completion: @escaping @Sendable (Result<WeatherData, WeatherDataError>) -> Void
  ) {
    requestedCoordinates.append(Coordinate(latitude: latitude, longitude: longitude))
    completion(result)
  }
}
