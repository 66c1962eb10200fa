import WeatherKit

/// The guideline's mock: answers `requestLocation()` by calling the delegate with a fixed place.
final class MockLocationFetcher: LocationFetcher, @unchecked Sendable {
  /// The location the guideline's test uses.
  static let sanJose = Coordinate(latitude: 37.3293, longitude: -121.8893)

  weak var locationFetcherDelegate: (any LocationFetcherDelegate)?
  var desiredAccuracy: Double = 0
  private(set) var requestCount = 0
  /// Called when a location is requested, before the delegate hears anything.
  var handleRequestLocation: (() -> Void)?
  /// What the fetcher answers: a location, or an error, or nothing (the test answers later).
  var answer: Answer = .location(sanJose)

  enum Answer {
    case location(Coordinate)
    case failure(any Error)
    case later
  }

  func requestLocation() {
    requestCount += 1
    handleRequestLocation?()
    switch answer {
    case .location(let coordinate): deliver(coordinate)
    case .failure(let error):
      locationFetcherDelegate?.locationFetcher(self, didFailWithError: error)
    case .later: break
    }
  }

  /// Calls the delegate with `coordinate`, as the platform does when a fix arrives.
  func deliver(_ coordinate: Coordinate) {
    locationFetcherDelegate?.locationFetcher(self, didUpdateLocations: [coordinate])
  }
}
