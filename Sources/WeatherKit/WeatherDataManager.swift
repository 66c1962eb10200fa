import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches forecasts from a Dark Sky-style API at `baseURL/latitude,longitude`.
public final class WeatherDataManager: WeatherProviding {
  /// The forecast endpoint, key included, that coordinates are appended to.
  public let baseURL: URL
  private let urlSession: any URLSessionProtocol

  /// Creates a client for `baseURL` that loads through `urlSession`.
  public init(baseURL: URL, urlSession: any URLSessionProtocol) {
    self.baseURL = baseURL
    self.urlSession = urlSession
  }

  /// A client for the Pirate Weather API (Dark Sky compatible) over the shared `URLSession`.
  public static func live(apiKey: String) -> WeatherDataManager {
    WeatherDataManager(baseURL: WeatherAPI.baseURL(apiKey: apiKey), urlSession: URLSession.shared)
  }

  /// Fetches the weather at the coordinate; `completion` runs on the session's queue.
  public func weatherData(
    latitude: Double, longitude: Double,
    completion: @escaping @Sendable (Result<WeatherData, WeatherDataError>) -> Void
  ) {
    guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
      completion(.failure(.invalidCoordinates(latitude: latitude, longitude: longitude)))
      return
    }
    let url = baseURL.appendingPathComponent("\(latitude),\(longitude)")
    let task = urlSession.dataTask(with: url) { data, response, error in
      completion(Self.result(data: data, response: response, error: error))
    }
    task.resume()
  }

  /// Turns what a data task reported into weather or the reason there is none.
  static func result(data: Data?, response: URLResponse?, error: (any Error)?)
    -> Result<WeatherData, WeatherDataError>
  {
    if let error {
      return .failure(.failedRequest(error.localizedDescription))
    }
    guard let http = response as? HTTPURLResponse else {
      return .failure(.invalidResponse)
    }
    guard (200..<300).contains(http.statusCode) else {
      return .failure(.httpStatus(http.statusCode))
    }
    guard let data, let weather = try? WeatherData.decode(from: data) else {
      return .failure(.invalidData)
    }
    return .success(weather)
  }
}
