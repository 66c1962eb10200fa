/// Source lines a `// covgate:ignore-...` marker took out of the figures, with its reason.
public struct Exclusion: Sendable, Hashable, Codable {
  /// Package-relative path.
  public var path: String
  /// First and last excluded line; the whole file when `wholeFile`.
  public var firstLine: Int
  public var lastLine: Int
  public var wholeFile: Bool
  public var reason: String
  /// Whether any excluded line ran anyway (worth a second look at the marker).
  public var ranAnyway: Bool

  public init(
    path: String, firstLine: Int, lastLine: Int, wholeFile: Bool, reason: String, ranAnyway: Bool
  ) {
    self.path = path
    self.firstLine = firstLine
    self.lastLine = lastLine
    self.wholeFile = wholeFile
    self.reason = reason
    self.ranAnyway = ranAnyway
  }

  /// `12-20`, `7`, or `whole file`.
  public var linesDescription: String {
    wholeFile ? "whole file" : firstLine == lastLine ? "\(firstLine)" : "\(firstLine)-\(lastLine)"
  }
}

/// An in-source exclusion found in a file, before it is applied to coverage data.
public struct ExclusionMarker: Sendable, Equatable {
  /// Excluded lines (1-based, inclusive); `nil` for the whole file.
  public var lines: ClosedRange<Int>?
  public var reason: String
  /// Where the marker is written.
  public var markerLine: Int

  public init(lines: ClosedRange<Int>?, reason: String, markerLine: Int) {
    self.lines = lines
    self.reason = reason
    self.markerLine = markerLine
  }
}
