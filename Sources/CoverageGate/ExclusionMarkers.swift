import CoverageModel

/// A marker that cannot be honoured: no reason, an unclosed start, an unknown directive.
public struct ExclusionError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var line: Int
  public var message: String
  public var description: String { "\(path):\(line): \(message)" }
}

/// Reads `// covgate:ignore-next-line <reason>`, `// covgate:ignore-start <reason>` ...
/// `// covgate:ignore-end` and `// covgate:ignore-file <reason>` markers.
public enum ExclusionMarkers {
  static let directives = ["ignore-next-line", "ignore-start", "ignore-end", "ignore-file"]
  static let token = "covgate:"

  /// Whether the text holds a marker at all (a cheap check before parsing).
  public static func mayContainMarkers(_ text: String) -> Bool {
    text.contains("covgate:ignore")
  }

  public static func parse(_ text: String, path: String) throws -> [ExclusionMarker] {
    var markers: [ExclusionMarker] = []
    var openStart: (line: Int, reason: String)?
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, content) in lines.enumerated() {
      guard let (directive, reason) = marker(in: content) else { continue }
      let line = index + 1
      func fail(_ message: String) -> ExclusionError { ExclusionError(path: path, line: line, message: message) }
      guard directives.contains(directive) else {
        throw fail("unknown marker 'covgate:\(directive)'; valid markers: \(directives.map { "covgate:\($0)" }.joined(separator: ", "))")
      }
      if directive != "ignore-end", reason.isEmpty {
        throw fail("covgate:\(directive) needs a reason, e.g. `// covgate:\(directive) generated code`")
      }
      switch directive {
      case "ignore-next-line":
        markers.append(ExclusionMarker(lines: (line + 1)...(line + 1), reason: reason, markerLine: line))
      case "ignore-start":
        if let open = openStart { throw fail("covgate:ignore-start inside the one opened at line \(open.line); close it first") }
        openStart = (line, reason)
      case "ignore-end":
        guard let open = openStart else { throw fail("covgate:ignore-end without a covgate:ignore-start") }
        markers.append(ExclusionMarker(lines: open.line...line, reason: open.reason, markerLine: open.line))
        openStart = nil
      default:
        markers.append(ExclusionMarker(lines: nil, reason: reason, markerLine: line))
      }
    }
    if let open = openStart {
      throw ExclusionError(path: path, line: open.line, message: "covgate:ignore-start is never closed; add `// covgate:ignore-end`")
    }
    return markers
  }

  /// The directive and reason of a `//` comment holding `covgate:`.
  private static func marker(in line: Substring) -> (String, String)? {
    guard let comment = line.range(of: "//"), let token = line.range(of: token, range: comment.upperBound..<line.endIndex),
      line[comment.upperBound..<token.lowerBound].allSatisfy({ $0 == " " || $0 == "/" || $0 == "\t" })
    else { return nil }
    let rest = line[token.upperBound...]
    let directive = rest.prefix { !$0.isWhitespace }
    let reason = rest.dropFirst(directive.count).trimmingCharacters(in: .whitespaces)
    return (String(directive), reason)
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}

extension Set where Element == Character {
  fileprivate static let whitespaces: Set<Character> = [" ", "\t", "\r"]
}
