import CoverageModel
import CovgateSupport

/// A shell-style pattern: `*` matches within one path component, `**` across components,
/// `?` one character. Matches the whole string.
///
/// Two globs are equal when their patterns are: where a config wrote one does not count.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
  public let pattern: String
  /// Where the config file wrote it, for errors that point at the entry.
  public var location: SourceLocation?
  private let characters: [Character]
  /// The pattern's bytes when it is ASCII (without `\r`, which joins `\n` into one
  /// character): matched byte by byte against ASCII text, as characters would be.
  private let asciiBytes: [UInt8]?

  public init(_ pattern: String, location: SourceLocation? = nil) {
    self.pattern = pattern
    self.location = location
    self.characters = Array(pattern)
    self.asciiBytes = Self.isPlainASCII(pattern) ? Array(pattern.utf8) : nil
  }

  public var description: String { pattern }

  /// Whether the pattern has a wildcard, or names one thing exactly.
  public var isLiteral: Bool { !pattern.contains { "*?[".contains($0) } }

  public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.pattern == rhs.pattern }

  public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

  public func matches(_ text: String) -> Bool {
    if let asciiBytes, Self.isPlainASCII(text) {
      var text = text
      return text.withUTF8 { text in
        Self.match(asciiBytes, text, Specials(star: 0x2A, question: 0x3F, slash: 0x2F))
      }
    }
    return matchesByCharacters(text)
  }

  /// `matches` character by character, whatever the text (the bytes' path must agree).
  func matchesByCharacters(_ text: String) -> Bool {
    Array(text).withUnsafeBufferPointer { text in
      Self.match(characters, text, Specials(star: "*", question: "?", slash: "/"))
    }
  }

  /// Matches in place: slices of buffers, which cost no reference counting as they are cut.
  private static func match<Element: Equatable>(
    _ pattern: [Element], _ text: UnsafeBufferPointer<Element>, _ specials: Specials<Element>
  ) -> Bool {
    pattern.withUnsafeBufferPointer { pattern in match(pattern[...], text[...], specials) }
  }

  /// Whether every character of `text` is one ASCII byte.
  private static func isPlainASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
  }

  /// The pattern's wildcards and the path separator, as characters or as bytes.
  private struct Specials<Element: Equatable> {
    let star: Element
    let question: Element
    let slash: Element
  }

  private static func match<Element: Equatable>(
    _ pattern: Slice<UnsafeBufferPointer<Element>>, _ text: Slice<UnsafeBufferPointer<Element>>,
    _ specials: Specials<Element>
  ) -> Bool {
    var pattern = pattern
    var text = text
    while let head = pattern.first {
      switch head {
      case specials.star:
        let isDouble = pattern.dropFirst().first == specials.star
        let rest = pattern.dropFirst(isDouble ? 2 : 1)
        // `**/` also matches no folder at all.
        if isDouble, rest.first == specials.slash, match(rest.dropFirst(), text, specials) {
          return true
        }
        var candidate = text
        while true {
          if match(rest, candidate, specials) { return true }
          guard let next = candidate.first, isDouble || next != specials.slash else { return false }
          candidate = candidate.dropFirst()
        }
      case specials.question:
        guard let next = text.first, next != specials.slash else { return false }
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
