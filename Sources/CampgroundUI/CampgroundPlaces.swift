import WeatherKit

/// The named places of the campground `campground weather --near` knows, and the points of
/// interest its location manager checks a location against.
public enum CampgroundPlaces {
  /// The campground office: where the weather is asked for unless told otherwise.
  public static let office = Coordinate(latitude: 45.5837, longitude: -78.3585)

  /// Each place by the name `--near` takes.
  public static let named: [(name: String, coordinate: Coordinate)] = [
    ("office", office),
    ("lake", Coordinate(latitude: 45.5972, longitude: -78.3421)),
    ("trailhead", Coordinate(latitude: 45.5701, longitude: -78.3803)),
  ]

  /// The place called `name` (any case), or nil.
  public static func coordinate(named name: String) -> Coordinate? {
    named.first { $0.name == name.lowercased() }?.coordinate
  }

  /// The name of the place at `coordinate` (a point of interest the location manager found), or nil.
  public static func name(of coordinate: Coordinate) -> String? {
    named.first { $0.coordinate == coordinate }?.name
  }
}
