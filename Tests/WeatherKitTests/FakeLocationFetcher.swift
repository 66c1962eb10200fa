import WeatherKit

/// A location fetcher that answers with a canned result and counts the requests.
final class FakeLocationFetcher: LocationFetcher, @unchecked Sendable {
  private(set) var requestCount = 0
  private let result: Result<Coordinate, WeatherDataError>

  init(result: Result<Coordinate, WeatherDataError>) {
    self.result = result
  }

  func currentLocation(
    completion: @escaping @Sendable (Result<Coordinate, WeatherDataError>) -> Void
  ) {
    requestCount += 1
    completion(result)
  }
}
