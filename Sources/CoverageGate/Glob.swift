import CoverageModel

/// A shell-style pattern: `*` matches within one path component, `**` across components,
/// `?` one character. Matches the whole string.
///
/// Two globs are equal when their patterns are: where a config wrote one does not count.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
  public let pattern: String
  /// Where the config file wrote it, for errors that point at the entry.
  public var location: SourceLocation?
  private let characters: [Character]

  public init(_ pattern: String, location: SourceLocation? = nil) {
    self.pattern = pattern
    self.location = location
    self.characters = Array(pattern)
  }

  public var description: String { pattern }

  /// Whether the pattern has a wildcard, or names one thing exactly.
  public var isLiteral: Bool { !pattern.contains { "*?[".contains($0) } }

  public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.pattern == rhs.pattern }

  public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

  public func matches(_ text: String) -> Bool {
    Self.match(characters[...], Array(text)[...])
  }

  private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
    var pattern = pattern
    var text = text
    while let head = pattern.first {
      switch head {
      case "*":
        let isDouble = pattern.dropFirst().first == "*"
        let rest = pattern.dropFirst(isDouble ? 2 : 1)
        // `**/` also matches no folder at all.
        if isDouble, rest.first == "/", match(rest.dropFirst(), text) { return true }
        var candidate = text
        while true {
          if match(rest, candidate) { return true }
          guard let next = candidate.first, isDouble || next != "/" else { return false }
          candidate = candidate.dropFirst()
        }
      case "?":
        guard let next = text.first, next != "/" else { return false }
        pattern = pattern.dropFirst()
        text = text.dropFirst()
      default:
        guard text.first == head else { return false }
        pattern = pattern.dropFirst()
        text = text.dropFirst()
      }
    }
    return text.isEmpty
  }
}
