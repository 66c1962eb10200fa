import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches forecasts from a Dark Sky-style API at `baseURL/latitude,longitude`, over NetworkKit.
public final class WeatherDataManager: WeatherProviding {
  /// The forecast endpoint, key included, that coordinates are appended to.
  public let baseURL: URL
  private let client: ApiClient
  /// The transport and retries its requests go through.
  public var session: any URLSessionProtocol { client.session }
  public var retry: RetryPolicy { client.retry }

  /// Creates a client for `baseURL` that loads through `urlSession`, retrying by `retry`.
  public init(
    baseURL: URL, urlSession: any URLSessionProtocol, retry: RetryPolicy = .never,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.baseURL = baseURL
    client = ApiClient(session: urlSession, retry: retry, clock: clock)
  }

  /// A client for the Pirate Weather API (Dark Sky compatible) over the shared `URLSession`.
  public static func live(apiKey: String) -> WeatherDataManager {
    WeatherDataManager(
      baseURL: WeatherAPI.baseURL(apiKey: apiKey), urlSession: URLSession.shared,
      retry: .standard)
  }

  /// Fetches the weather at the coordinate; `completion` runs on the session's queue.
  public func weatherData(
    latitude: Double, longitude: Double,
    completion: @escaping @Sendable (Result<WeatherData, WeatherDataError>) -> Void
  ) {
    do {
      let request = try self.request(latitude: latitude, longitude: longitude)
      client.send(request) { completion(Self.weather(from: $0)) }
    } catch {
      completion(.failure(error))
    }
  }

  /// The weather at the coordinate; cancelling the calling task cancels the request.
  public func weather(latitude: Double, longitude: Double) async throws -> WeatherData {
    let request = try self.request(latitude: latitude, longitude: longitude)
    do {
      return try Self.weather(from: .success(try await client.data(for: request))).get()
    } catch let error as NetworkError {
      throw Self.weatherError(error)
    }
  }

  private func request(latitude: Double, longitude: Double) throws(WeatherDataError)
    -> URLRequest
  {
    guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
      throw .invalidCoordinates(latitude: latitude, longitude: longitude)
    }
    // Without `units` the service answers in US units: ask for SI (°C, m/s), as the manual shows.
    // Degrees in fixed notation: "\(0.00001)" would be "1e-05".
    let place = "\(NumberText.fixed(latitude)),\(NumberText.fixed(longitude))"
    return URLRequest(
      url: baseURL.appendingPathComponent(place)
        .appending(queryItems: [URLQueryItem(name: "units", value: "si")]))
  }

  /// Decodes a reply's body, or says why there is no weather: a value no weather has
  /// (`WeatherData.valueOutOfRange`) is refused, not shown.
  static func weather(from reply: Result<Data, NetworkError>) -> Result<
    WeatherData, WeatherDataError
  > {
    switch reply {
    case .failure(let error):
      return .failure(weatherError(error))
    case .success(let data):
      guard let weather = try? WeatherData.decode(from: data) else { return .failure(.invalidData) }
      if let refused = weather.valueOutOfRange { return .failure(refused) }
      return .success(weather)
    }
  }

  private static func weatherError(_ error: NetworkError) -> WeatherDataError {
    switch error {
    case .transport(let reason): return .failedRequest(reason)
    case .cancelled: return .failedRequest(error.description)
    case .invalidResponse: return .invalidResponse
    case .httpStatus(let status): return .httpStatus(status)
    default: return .invalidData
    }
  }
}
