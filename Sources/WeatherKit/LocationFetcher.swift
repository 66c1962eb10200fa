/// A point on Earth, in degrees.
public struct Coordinate: Equatable, Sendable {
  /// Degrees north of the equator (negative for south).
  public var latitude: Double
  /// Degrees east of Greenwich (negative for west).
  public var longitude: Double

  /// Creates a coordinate.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// The shape of the platform's location API (CoreLocation's `CLLocationManager`): a delegate,
/// a desired accuracy, and a one-off request whose answer arrives through the delegate.
///
/// Code that takes this protocol instead of the platform class can be tested with a fake that
/// calls the delegate with a fixed location. This package builds on Linux, which has no
/// CoreLocation, so it holds no `CLLocationManager` conformance: an app would add a small adapter
/// (a `CLLocationManagerDelegate` owning the manager and forwarding to a
/// `LocationFetcherDelegate`); here `FixedLocationFetcher` is the production conformance.
public protocol LocationFetcher: AnyObject {
  /// Who hears about locations and failures; held weakly, as the platform does.
  var locationFetcherDelegate: (any LocationFetcherDelegate)? { get set }
  /// How close the fix should be, in metres.
  var desiredAccuracy: Double { get set }
  /// Asks for one location; the answer goes to the delegate.
  func requestLocation()
}

/// Receives what a `LocationFetcher` found, as `CLLocationManagerDelegate` does.
public protocol LocationFetcherDelegate: AnyObject {
  /// New locations, the most recent last.
  func locationFetcher(_ fetcher: any LocationFetcher, didUpdateLocations locations: [Coordinate])
  /// The request failed.
  func locationFetcher(_ fetcher: any LocationFetcher, didFailWithError error: any Error)
}

/// The location of a place that does not move, such as the campground itself.
public final class FixedLocationFetcher: LocationFetcher {
  /// The place this fetcher always reports.
  public let coordinate: Coordinate
  /// Who hears the location.
  public weak var locationFetcherDelegate: (any LocationFetcherDelegate)?
  /// Ignored: a fixed place is exact.
  public var desiredAccuracy: Double = 0

  /// Creates a fetcher that always reports `coordinate`.
  public init(coordinate: Coordinate) {
    self.coordinate = coordinate
  }

  /// Reports the fixed coordinate to the delegate at once.
  public func requestLocation() {
    locationFetcherDelegate?.locationFetcher(self, didUpdateLocations: [coordinate])
  }
}
