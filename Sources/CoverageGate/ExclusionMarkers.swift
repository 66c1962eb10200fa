import CoverageModel
import CovgateSupport

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
    var text = text
    return text.withUTF8 { ByteSearch.offset(of: Array("covgate:ignore".utf8), in: $0) != nil }
  }

  public static func parse(_ text: String, path: String) throws -> [ExclusionMarker] {
    var markers: [ExclusionMarker] = []
    var openStart: (line: Int, reason: String)?
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, content) in lines.enumerated() {
      guard let (directive, reason) = marker(in: content) else { continue }
      let line = index + 1
      func fail(_ message: String) -> ExclusionError {
        ExclusionError(path: path, line: line, message: message)
      }
      guard directives.contains(directive) else {
        throw fail(
          "unknown marker 'covgate:\(directive)'; valid markers: \(directives.map { "covgate:\($0)" }.joined(separator: ", "))"
        )
      }
      if directive != "ignore-end", reason.isEmpty {
        throw fail(
          "covgate:\(directive) needs a reason, e.g. `// covgate:\(directive) generated code`")
      }
      switch directive {
      case "ignore-next-line":
        markers.append(
          ExclusionMarker(lines: (line + 1)...(line + 1), reason: reason, markerLine: line))
      case "ignore-start":
        if let open = openStart {
          throw fail(
            "covgate:ignore-start inside the one opened at line \(open.line); close it first")
        }
        openStart = (line, reason)
      case "ignore-end":
        guard let open = openStart else {
          throw fail("covgate:ignore-end without a covgate:ignore-start")
        }
        markers.append(
          ExclusionMarker(lines: open.line...line, reason: open.reason, markerLine: open.line))
        openStart = nil
      default:
        markers.append(ExclusionMarker(lines: nil, reason: reason, markerLine: line))
      }
    }
    if let open = openStart {
      throw ExclusionError(
        path: path, line: open.line,
        message: "covgate:ignore-start is never closed; add `// covgate:ignore-end`")
    }
    return markers
  }

  /// The directive and reason of a line comment that starts with `covgate:`; comments inside
  /// string literals and documentation comments (`///`) that mention the syntax are not markers.
  private static func marker(in line: Substring) -> (String, String)? {
    guard let comment = commentStart(line) else { return nil }
    let text = line[comment...].dropFirst(2)
    guard text.first != "/" else { return nil }
    let body = text.drop { $0 == " " || $0 == "\t" }
    guard body.hasPrefix(token) else { return nil }
    let rest = body.dropFirst(token.count)
    let directive = rest.prefix { $0.isLetter || $0 == "-" }
    guard !directive.isEmpty,
      rest.dropFirst(directive.count).first.map({ $0 == " " || $0 == "\t" || $0 == "\r" }) ?? true
    else { return nil }
    let reason = rest.dropFirst(directive.count).trimmingCharacters(in: .whitespaces)
    return (String(directive), reason)
  }

  /// Where the line comment begins: the first `//` outside a string literal.
  private static func commentStart(_ line: Substring) -> Substring.Index? {
    var inString = false
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if inString, character == "\\" {
        index = line.index(after: index)
        if index < line.endIndex { index = line.index(after: index) }
        continue
      }
      if character == "\"" { inString.toggle() }
      if !inString, character == "/", line.index(after: index) < line.endIndex,
        line[line.index(after: index)] == "/"
      {
        return index
      }
      index = line.index(after: index)
    }
    return nil
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
