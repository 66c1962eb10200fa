/// Asks a location fetcher where we are, then fetches the weather there.
public struct WeatherService: Sendable {
  private let locationFetcher: any LocationFetcher
  private let weatherProvider: any WeatherProviding

  /// Creates a service over a location source and a weather source.
  public init(locationFetcher: any LocationFetcher, weatherProvider: any WeatherProviding) {
    self.locationFetcher = locationFetcher
    self.weatherProvider = weatherProvider
  }

  /// Fetches the weather at the current location and reports it to `completion`.
  public func currentWeather(
    completion: @escaping @Sendable (Result<WeatherData, WeatherDataError>) -> Void
  ) {
    let provider = weatherProvider
    locationFetcher.currentLocation { location in
      switch location {
      case .success(let coordinate):
        provider.weatherData(
          latitude: coordinate.latitude, longitude: coordinate.longitude, completion: completion)
      case .failure(let error):
        completion(.failure(error))
      }
    }
  }

  /// The weather at the current location, for callers that use async/await.
  public func currentWeather() async throws -> WeatherData {
    try await withCheckedThrowingContinuation { continuation in
      currentWeather { continuation.resume(with: $0) }
    }
  }
}
