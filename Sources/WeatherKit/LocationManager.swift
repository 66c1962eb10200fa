import Foundation

/// Where we are, and whether that is one of the places we care about.
public struct LocatedPoint: Equatable, Sendable {
  /// The location found.
  public var coordinate: Coordinate
  /// Whether it lies within `LocationManager.pointOfInterestRadius` of a point of interest.
  public var isPointOfInterest: Bool

  /// Creates a located point.
  public init(coordinate: Coordinate, isPointOfInterest: Bool) {
    self.coordinate = coordinate
    self.isPointOfInterest = isPointOfInterest
  }
}

/// Turns a delegate-shaped `LocationFetcher` into one call with a one-shot completion.
///
/// It sets the fetcher's accuracy to a kilometre and itself as the delegate; each request keeps
/// its completion until the delegate answers, calls it once, then clears it.
public final class LocationManager: LocationFetcherDelegate, @unchecked Sendable {
  /// The accuracy asked of the fetcher, in metres (CoreLocation's "kilometer" accuracy).
  public static let accuracy: Double = 1_000
  /// How near a point of interest a location must be to count as one, in metres.
  public static let pointOfInterestRadius: Double = 1_000

  /// The completion of a request.
  public typealias Completion = @Sendable (Result<LocatedPoint, WeatherDataError>) -> Void

  private let fetcher: any LocationFetcher
  private let pointsOfInterest: [Coordinate]
  private let lock = NSLock()
  private var pending: Completion?

  /// Creates a manager over `locationFetcher` that knows `pointsOfInterest`.
  public init(locationFetcher: any LocationFetcher, pointsOfInterest: [Coordinate] = []) {
    fetcher = locationFetcher
    self.pointsOfInterest = pointsOfInterest
    fetcher.desiredAccuracy = Self.accuracy
    fetcher.locationFetcherDelegate = self
  }

  /// Asks for the current location; `completion` runs once, when the fetcher answers.
  ///
  /// A request made while one is waiting fails the earlier one.
  public func requestLocation(completion: @escaping Completion) {
    let earlier = lock.withLock {
      defer { pending = completion }
      return pending
    }
    earlier?(.failure(.locationUnavailable("a newer request replaced this one")))
    fetcher.requestLocation()
  }

  /// The current location, for callers that use async/await.
  public func currentLocation() async throws -> LocatedPoint {
    try await withCheckedThrowingContinuation { continuation in
      requestLocation { continuation.resume(with: $0) }
    }
  }

  /// Whether `coordinate` lies within `pointOfInterestRadius` of a point of interest.
  public func isPointOfInterest(_ coordinate: Coordinate) -> Bool {
    pointOfInterest(near: coordinate) != nil
  }

  /// The first point of interest within `pointOfInterestRadius` of `coordinate`, or nil.
  public func pointOfInterest(near coordinate: Coordinate) -> Coordinate? {
    pointsOfInterest.first {
      Self.metres(from: $0, to: coordinate) <= Self.pointOfInterestRadius
    }
  }

  /// Answers the waiting request with the most recent location.
  public func locationFetcher(
    _ fetcher: any LocationFetcher, didUpdateLocations locations: [Coordinate]
  ) {
    guard let completion = takePending() else { return }
    guard let location = locations.last else {
      return completion(.failure(.locationUnavailable("no location reported")))
    }
    completion(
      .success(
        LocatedPoint(coordinate: location, isPointOfInterest: isPointOfInterest(location))))
  }

  /// Fails the waiting request with the fetcher's reason.
  public func locationFetcher(_ fetcher: any LocationFetcher, didFailWithError error: any Error) {
    takePending()?(.failure(.locationUnavailable(error.localizedDescription)))
  }

  private func takePending() -> Completion? {
    lock.withLock {
      defer { pending = nil }
      return pending
    }
  }

  /// The great-circle distance between two points, in metres.
  static func metres(from a: Coordinate, to b: Coordinate) -> Double {
    let radians = Double.pi / 180
    let dLatitude = (b.latitude - a.latitude) * radians
    let dLongitude = (b.longitude - a.longitude) * radians
    let h =
      pow(sin(dLatitude / 2), 2)
      + cos(a.latitude * radians) * cos(b.latitude * radians) * pow(sin(dLongitude / 2), 2)
    return 2 * 6_371_000 * asin(min(1, sqrt(h)))
  }
}
