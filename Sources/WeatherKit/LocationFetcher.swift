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

/// Something that knows where we are: GPS on a phone, a fixed point for a campground.
public protocol LocationFetcher: Sendable {
  /// Finds the current location and reports it to `completion`.
  func currentLocation(
    completion: @escaping @Sendable (Result<Coordinate, WeatherDataError>) -> Void)
}

/// The location of a place that does not move, such as the campground itself.
public struct FixedLocationFetcher: LocationFetcher {
  /// The place this fetcher always reports.
  public let coordinate: Coordinate

  /// Creates a fetcher that always reports `coordinate`.
  public init(coordinate: Coordinate) {
    self.coordinate = coordinate
  }

  /// Reports the fixed coordinate at once.
  public func currentLocation(
    completion: @escaping @Sendable (Result<Coordinate, WeatherDataError>) -> Void
  ) {
    completion(.success(coordinate))
  }
}
