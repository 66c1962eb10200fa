import CoverageModel
import CovgateSupport

/// Reads an LCOV tracefile (the format of geninfo, `llvm-cov export -format=lcov` and
/// `bazel coverage --combined_report=lcov`) into its records, refusing what it cannot read
/// rather than guessing: an unknown or malformed record, a count that is not a count, a hit
/// figure above its total, a file that ends inside a record.
public enum LCOVParser {
  /// Reads the tracefile at `path`.
  public static func read(path: String) throws -> [LCOVRecord] {
    let file: MappedFile
    do {
      file = try MappedFile(path: path)
    } catch let error as MappedFileError {
      throw LCOVError.unreadable(path: path, reason: error.reason)
    }
    return try parse(file.bytes, path: path)
  }

  /// Parses a tracefile's bytes; `path` names it in errors.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws -> [LCOVRecord]
  {
    var state = State(path: path)
    var start = 0
    var lineNumber = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      lineNumber += 1
      var last = end
      if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
      let line = UnsafeBufferPointer(rebasing: bytes[start..<last])
      if !line.isEmpty { try state.take(line, lineNumber: lineNumber) }
      start = end + 1
    }
    if let open = state.record { throw LCOVError.truncated(path: path, source: open.source) }
    guard !state.records.isEmpty else { throw LCOVError.empty(path: path) }
    return state.records
  }

  /// What has been read so far: the records closed, the one open and its declared figures.
  private struct State {
    let path: String
    var records: [LCOVRecord] = []
    var record: LCOVRecord?
    /// `FN:` names with their lines, `FNDA:` counts by name, until the record closes.
    var declared: [(name: String, line: Int)] = []
    var counts: [String: UInt64] = [:]
    /// `FNL:` lines by index, `FNA:` names and counts by index (LCOV 2.2).
    var indexedLines: [String: Int] = [:]
    var aliases: [(index: String, name: String, count: UInt64)] = []
    /// `LF`/`LH`, `FNF`/`FNH`, `BRF`/`BRH` as written: a hit figure above its total is refused.
    var totals: [String: Int] = [:]
    var lineNumber = 0
    /// The line being read, named in errors.
    var current = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    init(path: String) {
      self.path = path
    }

    mutating func take(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws {
      self.lineNumber = lineNumber
      current = line
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
        guard String(decoding: line, as: UTF8.self).trimmingSpaces() == "end_of_record" else {
          throw malformed("not a record (no `TAG:`)")
        }
        try close()
        return
      }
      // `DA:` is most of a tracefile: read from the bytes, the general path only for its errors.
      if colon == 2, line[0] == UInt8(ascii: "D"), line[1] == UInt8(ascii: "A"), record != nil,
        let count = Self.lineCount(UnsafeBufferPointer(rebasing: line[3...]))
      {
        record!.lines.append(count)
        return
      }
      // `FN:` and `FNDA:` (most of the rest): the number from the bytes, the name made once.
      if record != nil, colon == 2 || colon == 4, line[0] == UInt8(ascii: "F"),
        line[1] == UInt8(ascii: "N"),
        colon == 2 || (line[2] == UInt8(ascii: "D") && line[3] == UInt8(ascii: "A")),
        let (number, name) = Self.numberAndName(UnsafeBufferPointer(rebasing: line[(colon + 1)...]))
      {
        if colon == 2 {
          guard number >= 1, number <= UInt64(LCOVParser.maximumLine) else {
            throw malformed("`\(number)` is not a line number")
          }
          declared.append((name, Int(number)))
        } else {
          counts[name] = LCOVParser.added(counts[name] ?? 0, min(number, UInt64(Int64.max)))
        }
        return
      }
      let tag = String(decoding: UnsafeBufferPointer(rebasing: line[..<colon]), as: UTF8.self)
      let value = String(
        decoding: UnsafeBufferPointer(rebasing: line[(colon + 1)...]), as: UTF8.self)
      switch tag {
      case "TN", "VER":
        return
      case "SF":
        guard record == nil else {
          throw malformed("a new SF: before the end_of_record of \(record!.source)")
        }
        guard !value.isEmpty else { throw malformed("an SF: without a path") }
        record = LCOVRecord(source: value)
      default:
        guard record != nil else { throw malformed("a \(tag): record outside any SF: record") }
        try takeInRecord(tag: tag, value: value)
      }
    }

    private mutating func takeInRecord(tag: String, value: String) throws {
      switch tag {
      case "DA":
        let fields = value.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else {
          throw malformed("DA: needs a line and a count")
        }
        record!.lines.append(
          LineCount(line: try lineNumber(fields[0]), count: try count(fields[1])))
      case "FN":
        let (line, rest) = try leadingNumber(value, what: "FN: needs a line and a name")
        // LCOV 2: FN:<start>,<end>,<name>.
        var name = rest
        if let comma = rest.firstIndex(of: ","), !rest[..<comma].isEmpty,
          rest[..<comma].allSatisfy(\.isASCIIDigit)
        {
          name = String(rest[rest.index(after: comma)...])
        }
        guard !name.isEmpty else { throw malformed("FN: without a function name") }
        declared.append((name, line))
      case "FNDA":
        guard let comma = value.firstIndex(of: ",") else {
          throw malformed("FNDA: needs a count and a name")
        }
        let count = try count(value[..<comma])
        let name = String(value[value.index(after: comma)...])
        guard !name.isEmpty else { throw malformed("FNDA: without a function name") }
        counts[name] = LCOVParser.added(counts[name] ?? 0, count)
      case "FNL":
        let fields = value.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3, !fields[0].isEmpty else {
          throw malformed("FNL: needs an index and a line")
        }
        indexedLines[String(fields[0])] = try lineNumber(fields[1])
      case "FNA":
        let fields = value.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, !fields[0].isEmpty, !fields[2].isEmpty else {
          throw malformed("FNA: needs an index, a count and a name")
        }
        aliases.append((String(fields[0]), String(fields[2]), try count(fields[1])))
      case "BRDA":
        let fields = value.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, !fields[1].isEmpty, !fields[2].isEmpty else {
          throw malformed("BRDA: needs a line, a block, a branch and a count or -")
        }
        record!.branches.append(
          ProducerBranch(
            line: try lineNumber(fields[0]), block: String(fields[1]), branch: String(fields[2]),
            taken: fields[3] == "-" ? nil : try count(fields[3])))
      case "LF", "LH", "FNF", "FNH", "BRF", "BRH":
        guard let figure = Int(value), figure >= 0 else {
          throw malformed("\(tag): is not a count")
        }
        totals[tag] = figure
      case "MCDC":
        // LCOV 2.2's MC/DC conditions: not a figure covgate reports.
        return
      default:
        // A tag of capitals the format does not define (Xcode's `BFH:`) is skipped, as lcov
        // 1.x and genhtml skip it, and said once in the notes; anything else is no LCOV.
        guard !tag.isEmpty, tag.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
          throw malformed("unknown record \(tag):")
        }
        if !record!.skippedTags.contains(tag) { record!.skippedTags.append(tag) }
      }
    }

    /// Ends the open record: functions matched to their counts, figures checked.
    private mutating func close() throws {
      guard var closing = record else { throw malformed("end_of_record without an SF: record") }
      for (hit, found) in [("LH", "LF"), ("FNH", "FNF"), ("BRH", "BRF")] {
        if let hits = totals[hit], let total = totals[found], hits > total {
          throw malformed("\(hit):\(hits) is above \(found):\(total)")
        }
      }
      if let found = totals["LF"], let hit = totals["LH"] {
        closing.statedLines = StatedLines(found: found, hit: hit)
      }
      var seen = Set<String>()
      for (name, line) in declared where seen.insert(name).inserted {
        closing.functions.append(LCOVFunction(name: name, line: line, count: counts[name] ?? 0))
      }
      if let unknown = counts.keys.first(where: { !seen.contains($0) }) {
        throw malformed(
          "FNDA: for \(unknown), which no FN: in the record of \(closing.source) declares")
      }
      var grouped: [String: Int] = [:]
      for alias in aliases {
        guard let line = indexedLines[alias.index] else {
          throw malformed("FNA: for index \(alias.index), which no FNL: declares")
        }
        if let known = grouped[alias.index] {
          closing.functions[known].count = LCOVParser.added(
            closing.functions[known].count, alias.count)
        } else {
          grouped[alias.index] = closing.functions.count
          closing.functions.append(LCOVFunction(name: alias.name, line: line, count: alias.count))
        }
      }
      records.append(closing)
      record = nil
      declared = []
      counts = [:]
      indexedLines = [:]
      aliases = []
      totals = [:]
    }

    /// The whole number at `index` up to the next comma or the end, `index` left there; nil
    /// for no digits, a character that is not one, or more than 64 bits.
    static func number(in value: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt64? {
      let start = index
      var result: UInt64 = 0
      while index < value.count, value[index] != UInt8(ascii: ",") {
        let digit = value[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        let (times10, o1) = result.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
        guard !o1, !o2 else { return nil }
        result = sum
        index += 1
      }
      return index > start ? result : nil
    }

    /// `<number>,<name>` with a name that is not itself `<number>,...` (LCOV 2's
    /// `FN:<start>,<end>,<name>` goes to the general path); nil for anything else.
    static func numberAndName(_ value: UnsafeBufferPointer<UInt8>) -> (UInt64, String)? {
      var index = 0
      guard let number = number(in: value, at: &index), index + 1 < value.count else {
        return nil
      }
      let name = UnsafeBufferPointer(rebasing: value[(index + 1)...])
      // A name starting with digits then a comma may be LCOV 2's end line.
      if let first = name.first, first &- UInt8(ascii: "0") < 10 { return nil }
      return (number, String(decoding: name, as: UTF8.self))
    }

    /// A well-formed `DA:<line>,<count>[,<checksum>]` value read from its bytes; nil for
    /// anything else (the general path then names what is wrong).
    static func lineCount(_ value: UnsafeBufferPointer<UInt8>) -> LineCount? {
      var index = 0
      guard let line = number(in: value, at: &index), line >= 1,
        line <= UInt64(LCOVParser.maximumLine), index < value.count
      else { return nil }
      index += 1
      guard let count = number(in: value, at: &index) else { return nil }
      // A checksum (geninfo --checksum) may follow; a fourth field goes to the general path.
      if index < value.count, value[(index + 1)...].contains(UInt8(ascii: ",")) { return nil }
      return LineCount(line: Int(line), count: min(count, UInt64(Int64.max)))
    }

    private func malformed(_ reason: String) -> LCOVError {
      .malformed(
        path: path, line: lineNumber, record: String(decoding: current, as: UTF8.self),
        reason: reason)
    }

    private func lineNumber(_ field: Substring) throws -> Int {
      guard let line = Int(field), line >= 1 else {
        throw malformed("`\(field)` is not a line number")
      }
      guard line <= LCOVParser.maximumLine else {
        throw malformed(
          "line \(line) is out of range (no source file has \(LCOVParser.maximumLine) lines)")
      }
      return line
    }

    /// A count: a whole number that fits 64 bits, held at `Int64.max`. llvm-cov's LCOV writes
    /// a region's negative count wrapped to 64 bits (18446744073709551000 for -616) where its
    /// JSON writes 9223372036854775807: both read as the JSON's.
    private func count(_ field: Substring) throws -> UInt64 {
      guard !field.isEmpty, field.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
        throw malformed("`\(field)` is not a count")
      }
      guard let count = UInt64(field) else { throw malformed("count \(field) is out of range") }
      return min(count, UInt64(Int64.max))
    }

    private func leadingNumber(_ value: String, what: String) throws -> (Int, String) {
      guard let comma = value.firstIndex(of: ",") else { throw malformed(what) }
      return (try lineNumber(value[..<comma]), String(value[value.index(after: comma)...]))
    }
  }

  /// The highest line number read: a file's counts are one array as long as its last line.
  static let maximumLine = 10_000_000

  /// A sum of counts, held at `Int64.max` as llvm-cov holds its own.
  static func added(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? UInt64(Int64.max) : min(sum, UInt64(Int64.max))
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
  fileprivate func trimmingSpaces() -> Substring {
    var text = Substring(self)
    while text.last == " " || text.last == "\t" { text = text.dropLast() }
    while text.first == " " || text.first == "\t" { text = text.dropFirst() }
    return text
  }
}
