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
  /// The pattern's answer without backtracking, for the two shapes layer globs mostly take.
  private let shortcut: Shortcut?

  public init(_ pattern: String, location: SourceLocation? = nil) {
    self.pattern = pattern
    self.location = location
    self.characters = Array(pattern)
    self.asciiBytes = Self.isPlainASCII(pattern) ? Array(pattern.utf8) : nil
    self.shortcut = asciiBytes.flatMap(Shortcut.init)
  }

  /// `**/*NAME` matches what ends with NAME (`*` stays in the last component, which holds all
  /// of NAME); `**/NAME/**` what has a folder NAME (`**/` may match no folder): `NAME/` at the
  /// start or `/NAME/` anywhere. NAME has no wildcard and no `/`. Anything else goes through
  /// `match`.
  private enum Shortcut: Sendable {
    case suffix([UInt8])
    /// `/NAME/`.
    case folder([UInt8])

    init?(_ pattern: [UInt8]) {
      let prefix = Array("**/".utf8)
      guard pattern.starts(with: prefix) else { return nil }
      var rest = pattern.dropFirst(prefix.count)
      let isSuffix = rest.first == UInt8(ascii: "*")
      if isSuffix {
        rest = rest.dropFirst()
      } else if rest.reversed().starts(with: Array("/**".utf8).reversed()) {
        rest = rest.dropLast(3)
      } else {
        return nil
      }
      guard !rest.isEmpty, !rest.contains(where: { "*?/".utf8.contains($0) }) else { return nil }
      let slash = UInt8(ascii: "/")
      self = isSuffix ? .suffix(Array(rest)) : .folder([slash] + rest + [slash])
    }

    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
      switch self {
      case .suffix(let name):
        return text.count >= name.count && text.suffix(name.count).elementsEqual(name)
      case .folder(let inner):
        if text.starts(with: inner.dropFirst()) { return true }
        guard text.count >= inner.count else { return false }
        for start in 0...(text.count - inner.count)
        where text[start] == UInt8(ascii: "/")
          && text[start..<start + inner.count].elementsEqual(inner)
        {
          return true
        }
        return false
      }
    }
  }

  public var description: String { pattern }

  /// Whether the pattern has a wildcard, or names one thing exactly.
  public var isLiteral: Bool { !pattern.contains { "*?[".contains($0) } }

  public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.pattern == rhs.pattern }

  public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

  public func matches(_ text: String) -> Bool {
    Self.anyMatches(CollectionOfOne(self), text)
  }

  /// Whether any of `globs` matches `text`: the text's bytes taken once for all of them (a
  /// layer's path globs are asked for every file of a report). ASCII patterns on ASCII text go
  /// byte by byte (or by their shortcut); anything else character by character.
  public static func anyMatches(_ globs: some Collection<Glob>, _ text: String) -> Bool {
    guard isPlainASCII(text) else { return globs.contains { $0.matchesByCharacters(text) } }
    var ascii = text
    return ascii.withUTF8 { bytes in
      globs.contains { glob in
        if let shortcut = glob.shortcut { return shortcut.matches(bytes) }
        guard let asciiBytes = glob.asciiBytes else { return glob.matchesByCharacters(text) }
        return match(asciiBytes, bytes, Specials(star: 0x2A, question: 0x3F, slash: 0x2F))
      }
    }
  }

  /// `matches` byte by byte without the shortcut (its tests compare the two).
  func matchesWithoutShortcut(_ text: String) -> Bool? {
    guard let asciiBytes, Self.isPlainASCII(text) else { return nil }
    var text = text
    return text.withUTF8 { text in
      Self.match(asciiBytes, text, Specials(star: 0x2A, question: 0x3F, slash: 0x2F))
    }
  }

  /// Whether the pattern is matched by its shortcut (its tests make sure the shapes are).
  var hasShortcut: Bool { shortcut != nil }

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
