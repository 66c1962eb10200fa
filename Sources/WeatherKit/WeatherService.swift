/// Asks the location manager where we are, then fetches the weather there.
public struct WeatherService: Sendable {
  private let locationManager: LocationManager
  private let weatherProvider: any WeatherProviding

  /// Creates a service over a location source and a weather source.
  public init(locationManager: LocationManager, weatherProvider: any WeatherProviding) {
    self.locationManager = locationManager
    self.weatherProvider = weatherProvider
  }

  /// Fetches the weather at the current location and reports it to `completion`.
  public func currentWeather(
    completion: @escaping @Sendable (Result<WeatherData, WeatherDataError>) -> Void
  ) {
    let provider = weatherProvider
    locationManager.requestLocation { location in
      switch location {
      case .success(let point):
        provider.weatherData(
          latitude: point.coordinate.latitude, longitude: point.coordinate.longitude,
          completion: completion)
      case .failure(let error):
        completion(.failure(error))
      }
    }
  }

  /// The weather at the current location, for callers that use async/await.
  ///
  /// Cancelled while the location is found, it asks for no weather; cancelled during the
  /// weather request, the request is cancelled. Either way it throws `CancellationError`.
  public func currentWeather() async throws -> WeatherData {
    try await currentWeatherAndPlace().weather
  }

  /// The weather at the current location with the location itself, which says whether it is a
  /// point of interest.
  public func currentWeatherAndPlace() async throws -> (place: LocatedPoint, weather: WeatherData) {
    let point = try await locationManager.currentLocation()
    try Task.checkCancellation()
    let weather = try await weatherProvider.weather(
      latitude: point.coordinate.latitude, longitude: point.coordinate.longitude)
    return (point, weather)
  }
}
