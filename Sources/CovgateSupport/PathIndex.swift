/// Where each path is in a list of paths (its first place), asked path after path: function
/// records of one file come in a row, so the last answer is tried before hashing the path.
public struct PathIndex: Sendable {
  private let places: [String: Int]
  /// The path looked up last and its place: records come in runs of one file. Kept apart (not
  /// an optional pair) so that a hit compares in place, without copying the path.
  private var lastPath = ""
  private var lastPlace: Int?
  private var hasLast = false

  public init(_ paths: [String]) {
    places = Dictionary(
      paths.indices.map { (paths[$0], $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The first place of `path`, or nil if the list does not hold it.
  public mutating func place(of path: String) -> Int? {
    if hasLast, lastPath == path { return lastPlace }
    let place = places[path]
    (lastPath, lastPlace, hasLast) = (path, place, true)
    return place
  }
}
