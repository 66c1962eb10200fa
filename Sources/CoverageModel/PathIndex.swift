/// Where each path is in a list of paths (its first place), asked path after path: function
/// records of one file come in a row, so the last answer is tried before hashing the path.
public struct PathIndex: Sendable {
  private let places: [String: Int]
  private var last: (path: String, place: Int?)?

  public init(_ paths: [String]) {
    places = Dictionary(
      paths.indices.map { (paths[$0], $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The first place of `path`, or nil if the list does not hold it.
  public mutating func place(of path: String) -> Int? {
    if let last, last.path == path { return last.place }
    let place = places[path]
    last = (path, place)
    return place
  }
}
