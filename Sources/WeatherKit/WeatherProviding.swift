/// Anything that can fetch the weather at a coordinate; `WeatherDataManager` is the real one.
public protocol WeatherProviding: Sendable {
  /// Fetches the weather at `latitude`,`longitude` and reports it to `completion`.
  func weatherData(
    latitude: Double, longitude: Double,
    completion: @escaping @Sendable (Result<WeatherData, WeatherDataError>) -> Void)

  /// The weather at `latitude`,`longitude`; honours cancellation of the calling task.
  func weather(latitude: Double, longitude: Double) async throws -> WeatherData
}
