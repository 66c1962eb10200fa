import Foundation

/// Parsers for what the real llvm tools print, so tests compare against them.
enum LLVMToolOutput {
  /// One row of `llvm-cov report`: name, then regions, functions, lines as (count, missed).
  struct ReportRow: Equatable {
    var name: String
    var regions: (count: Int, missed: Int)
    var functions: (count: Int, missed: Int)
    var lines: (count: Int, missed: Int)

    static func == (a: ReportRow, b: ReportRow) -> Bool {
      a.name == b.name && a.regions == b.regions && a.functions == b.functions && a.lines == b.lines
    }
  }

  /// Parses the rows of an `llvm-cov report` table, TOTAL included.
  static func reportRows(_ text: String) -> [ReportRow] {
    text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
      guard fields.count >= 13, let regions = Int(fields[1]), let missedRegions = Int(fields[2]),
        let functions = Int(fields[4]), let missedFunctions = Int(fields[5]),
        let lines = Int(fields[7]), let missedLines = Int(fields[8])
      else { return nil }
      return ReportRow(
        name: fields[0], regions: (regions, missedRegions), functions: (functions, missedFunctions),
        lines: (lines, missedLines))
    }
  }

  /// The `DA:` lines of an LCOV file per `SF:` path: line number -> count.
  static func lcovLineCounts(_ text: String) -> [String: [Int: UInt64]] {
    var result: [String: [Int: UInt64]] = [:]
    var current: String?
    for line in text.split(separator: "\n") {
      if line.hasPrefix("SF:") {
        current = String(line.dropFirst(3))
        result[current!] = [:]
      } else if line.hasPrefix("DA:"), let file = current {
        let parts = line.dropFirst(3).split(separator: ",")
        // llvm-cov prints counts that wrapped as about 1.8e19: treat anything unparsable as "ran".
        let count = UInt64(parts[1]) ?? UInt64(Double(parts[1]).map { min($0, 9.2e18) } ?? 1)
        result[file]![Int(parts[0])!] = count
      }
    }
    return result
  }
}
