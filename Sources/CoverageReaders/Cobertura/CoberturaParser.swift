import Foundation

/// Reads a Cobertura XML report (slather's, xcov's, gcovr's, coverage.py's): the `<source>`
/// folders its file names are relative to, and each `<class>`'s file with the hits of its own
/// `<lines>` (a `<method>`'s lines repeat the class's and are skipped). A small scanner of the
/// elements Cobertura has, not a general XML parser: no DTD is fetched or expanded, entities
/// are the five XML predefines and character references.
public enum CoberturaParser {
  /// What a report holds: its source folders and one record per class (file names as written).
  public struct Report: Equatable, Sendable {
    public var sources: [String] = []
    public var records: [LCOVRecord] = []
    /// The `<coverage>` element's `lines-covered` and `lines-valid`, when both are there: the
    /// producer's own totals, which may not be its classes' lines (slather doubles them).
    public var statedLines: StatedLines?
  }

  public static func read(path: String) throws -> Report {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CoberturaError.unreadable(
        path: path, reason: (error as NSError).localizedFailureReason ?? "no such file")
    }
    return try parse(Array(data), path: path)
  }

  public static func parse(_ bytes: [UInt8], path: String) throws -> Report {
    var scanner = Scanner(bytes: bytes, path: path)
    return try scanner.scan()
  }

  private struct Scanner {
    let bytes: [UInt8]
    let path: String
    var index = 0
    var found = Report()
    var current: LCOVRecord?
    var methodDepth = 0
    var sawCoverage = false

    init(bytes: [UInt8], path: String) {
      self.bytes = bytes
      self.path = path
    }

    mutating func scan() throws -> Report {
      while let open = next(UInt8(ascii: "<"), from: index) {
        index = open + 1
        if starts(with: "?") {
          try skip(past: "?>")
        } else if starts(with: "!--") {
          try skip(past: "-->")
        } else if starts(with: "![CDATA[") {
          try skip(past: "]]>")
        } else if starts(with: "!") {
          try skip(past: ">")
        } else if starts(with: "/") {
          index += 1
          let name = tagName()
          try skip(past: ">")
          if try close(name) { return found }
        } else {
          try element(at: open)
        }
      }
      throw sawCoverage ? CoberturaError.truncated(path: path) : .notCobertura(path: path)
    }

    /// Handles an end tag; true at `</coverage>`.
    private mutating func close(_ name: String) throws -> Bool {
      switch name {
      case "class":
        if let record = current { found.records.append(record) }
        current = nil
      case "method": methodDepth = max(0, methodDepth - 1)
      case "coverage": return true
      default: break
      }
      return false
    }

    private mutating func element(at open: Int) throws {
      let name = tagName()
      guard let end = next(UInt8(ascii: ">"), from: index) else {
        throw CoberturaError.truncated(path: path)
      }
      let selfClosing = end > index && bytes[end - 1] == UInt8(ascii: "/")
      let attributes = try self.attributes(in: index..<(selfClosing ? end - 1 : end), at: open)
      index = end + 1
      switch name {
      case "coverage":
        sawCoverage = true
        if let covered = attributes["lines-covered"].flatMap({ Int($0) }),
          let valid = attributes["lines-valid"].flatMap({ Int($0) })
        {
          found.statedLines = StatedLines(found: valid, hit: covered)
        }
      case "source":
        guard !selfClosing, let close = find("</source>", from: index) else { return }
        let text = decoded(bytes[index..<close], at: open)
        found.sources.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
        index = close
      case "class":
        guard sawCoverage else { throw CoberturaError.notCobertura(path: path) }
        guard let file = attributes["filename"], !file.isEmpty else {
          throw malformed(at: open, end: end, "a <class> without a filename")
        }
        if selfClosing { return }
        current = LCOVRecord(source: file)
      case "method": if !selfClosing { methodDepth += 1 }
      case "line":
        guard current != nil, methodDepth == 0 else { return }
        guard let number = attributes["number"].flatMap({ Int($0) }), number >= 1 else {
          throw malformed(at: open, end: end, "a line number that is not a whole number from 1")
        }
        // A file's counts are one array as long as its last line, as LCOV's are.
        guard number <= LCOVParser.maximumLine else {
          throw malformed(
            at: open, end: end,
            "line \(number) is out of range (no source file has \(LCOVParser.maximumLine) lines)")
        }
        guard let hitsText = attributes["hits"], let hits = UInt64(hitsText) else {
          throw malformed(at: open, end: end, "hits that are not a whole number of at least 0")
        }
        current?.lines.append(LineCount(line: number, count: hits))
      default: break
      }
    }

    // MARK: - Bytes

    private func next(_ byte: UInt8, from start: Int) -> Int? {
      var position = start
      while position < bytes.count {
        if bytes[position] == byte { return position }
        position += 1
      }
      return nil
    }

    private func find(_ text: String, from start: Int) -> Int? {
      let needle = Array(text.utf8)
      guard needle.count <= bytes.count else { return nil }
      var position = start
      while position + needle.count <= bytes.count {
        if bytes[position] == needle[0],
          bytes[position..<position + needle.count].elementsEqual(needle)
        {
          return position
        }
        position += 1
      }
      return nil
    }

    private func starts(with text: String) -> Bool {
      let needle = Array(text.utf8)
      return index + needle.count <= bytes.count
        && bytes[index..<index + needle.count].elementsEqual(needle)
    }

    private mutating func skip(past text: String) throws {
      guard let found = find(text, from: index) else { throw CoberturaError.truncated(path: path) }
      index = found + text.utf8.count
    }

    private mutating func tagName() -> String {
      let start = index
      while index < bytes.count, !Self.endsName(bytes[index]) { index += 1 }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
        || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// `name="value"` pairs (either quote), values decoded.
    private func attributes(in range: Range<Int>, at open: Int) throws -> [String: String] {
      var found: [String: String] = [:]
      var position = range.lowerBound
      while position < range.upperBound {
        while position < range.upperBound, Self.isSpace(bytes[position]) { position += 1 }
        guard position < range.upperBound else { break }
        let nameStart = position
        while position < range.upperBound, bytes[position] != UInt8(ascii: "="),
          !Self.isSpace(bytes[position])
        {
          position += 1
        }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        while position < range.upperBound, Self.isSpace(bytes[position]) { position += 1 }
        guard position < range.upperBound, bytes[position] == UInt8(ascii: "=") else {
          throw malformed(at: open, end: range.upperBound, "an attribute without a value")
        }
        position += 1
        while position < range.upperBound, Self.isSpace(bytes[position]) { position += 1 }
        guard position < range.upperBound,
          bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else {
          throw malformed(at: open, end: range.upperBound, "an attribute value without quotes")
        }
        let quote = bytes[position]
        let valueStart = position + 1
        guard let valueEnd = next(quote, from: valueStart), valueEnd < range.upperBound else {
          throw malformed(at: open, end: range.upperBound, "an attribute value without its end")
        }
        found[name] = decoded(bytes[valueStart..<valueEnd], at: open)
        position = valueEnd + 1
      }
      return found
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
    }

    /// Text with the predefined entities and character references replaced.
    private func decoded(_ slice: ArraySlice<UInt8>, at open: Int) -> String {
      let text = String(decoding: slice, as: UTF8.self)
      guard text.contains("&") else { return text }
      var result = ""
      var rest = Substring(text)
      while let amp = rest.firstIndex(of: "&") {
        result += rest[..<amp]
        guard let semicolon = rest[amp...].firstIndex(of: ";") else {
          result += rest[amp...]
          return result
        }
        let entity = rest[rest.index(after: amp)..<semicolon]
        switch entity {
        case "amp": result += "&"
        case "lt": result += "<"
        case "gt": result += ">"
        case "quot": result += "\""
        case "apos": result += "'"
        default:
          let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
          let digits = entity.dropFirst(hex ? 2 : 1)
          if entity.hasPrefix("#"), let value = UInt32(digits, radix: hex ? 16 : 10),
            let scalar = Unicode.Scalar(value)
          {
            result.unicodeScalars.append(scalar)
          } else {
            result += rest[amp...semicolon]
          }
        }
        rest = rest[rest.index(after: semicolon)...]
      }
      return result + rest
    }

    private func malformed(at open: Int, end: Int, _ reason: String) -> CoberturaError {
      let line = bytes[..<open].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      let element = String(decoding: bytes[open..<min(end + 1, bytes.count)], as: UTF8.self)
      return .malformed(path: path, line: line, element: element, reason: reason)
    }
  }
}
