import Foundation

/// Regular-expression look-ups in rendered HTML, for the HTML report tests.
enum Pattern {
  /// How many times `pattern` matches `text` (`-1` for a bad pattern).
  static func count(_ pattern: String, in text: String) -> Int {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return -1 }
    return regex.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
  }

  /// The first capture group of every match, in order.
  static func captures(_ pattern: String, in text: String) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }
}
