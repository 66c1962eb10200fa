/// A file in a unified diff (`git diff -U0 -M`), with the lines the change added or modified.
public struct ChangedFile: Sendable, Equatable {
  /// The path after the change (relative to where git ran with `--relative`).
  public var path: String
  /// The path before, when the file was renamed.
  public var renamedFrom: String?
  /// New-side line numbers of added or modified lines.
  public var addedLines: [Int]
  /// Old-side line numbers of modified or deleted lines.
  public var removedLines: [Int] = []
  /// Old-side line numbers after which lines were only inserted (0: at the top).
  public var insertedAfter: [Int] = []
  /// Where a hunk replaces as many lines as it removes: old line number to its text before
  /// and after, paired in order.
  public var replaced: [Int: AffectedTests.Replacement] = [:]
  public var isNew = false
  public var isDeleted: Bool
  public var isBinary: Bool

  public init(
    path: String, renamedFrom: String? = nil, addedLines: [Int] = [], isDeleted: Bool = false,
    isBinary: Bool = false
  ) {
    self.path = path
    self.renamedFrom = renamedFrom
    self.addedLines = addedLines
    self.isDeleted = isDeleted
    self.isBinary = isBinary
  }
}

/// Why a diff could not be read.
public struct DiffError: Error, Equatable, CustomStringConvertible {
  public var line: Int
  public var message: String
  public var description: String {
    "git diff output line \(line): \(message); report this with the diff attached"
  }
}

/// Parses `git diff -U0` output (no colour, no external diff).
public enum UnifiedDiff {
  public static func parse(_ text: String) throws -> [ChangedFile] {
    var files: [ChangedFile] = []
    var current: ChangedFile?
    // The hunk being read: its lines still to come on each side, the old lines it replaces one
    // for one, and the texts read so far.
    var hunk = Hunk()
    func finish() {
      if let file = current { files.append(file) }
      current = nil
    }
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      // Inside a hunk a line is content, whatever it starts with ("--- x", "+++ y").
      if hunk.removedLeft > 0, line.hasPrefix("-") {
        hunk.removedLeft -= 1
        hunk.oldTexts.append(String(line.dropFirst()))
        continue
      }
      if hunk.addedLeft > 0, line.hasPrefix("+") {
        hunk.addedLeft -= 1
        hunk.newTexts.append(String(line.dropFirst()))
        if hunk.addedLeft == 0, hunk.removedLeft == 0 {
          current?.replaced.merge(hunk.replacements) { $1 }
        }
        continue
      }
      if line.hasPrefix("diff --git ") {
        finish()
        hunk = Hunk()
        // Deleted and binary files have no `+++` line: the header names them.
        current = ChangedFile(path: headerPath(line.dropFirst("diff --git ".count)) ?? "")
      } else if line.hasPrefix("rename from ") {
        current?.renamedFrom = unquote(line.dropFirst("rename from ".count))
      } else if line.hasPrefix("rename to ") {
        current?.path = unquote(line.dropFirst("rename to ".count))
      } else if line.hasPrefix("new file mode") {
        current?.isNew = true
      } else if line.hasPrefix("old mode") || line.hasPrefix("index ") {
        continue
      } else if line.hasPrefix("deleted file mode") {
        current?.isDeleted = true
      } else if line.hasPrefix("Binary files ") {
        current?.isBinary = true
      } else if line.hasPrefix("+++ ") {
        // git ends a path holding spaces with a tab, and C-quotes unusual ones (prefix included).
        var target = line.dropFirst(4)
        while target.last == "\t" { target = target.dropLast() }
        if target == "/dev/null" {
          current?.isDeleted = true
        } else {
          let path = unquote(target)
          current?.path = path.hasPrefix("b/") ? String(path.dropFirst(2)) : path
        }
      } else if line.hasPrefix("@@ ") {
        guard current != nil, let added = hunkLines(line, side: "+"),
          let removed = hunkLines(line, side: "-")
        else {
          throw DiffError(line: index + 1, message: "unreadable hunk header '\(line)'")
        }
        current?.addedLines.append(contentsOf: added)
        if removed.isEmpty {
          current?.insertedAfter.append(hunkStart(line, side: "-") ?? 0)
        } else {
          current?.removedLines.append(contentsOf: removed)
        }
        hunk = Hunk(removed: removed, added: added.count)
      }
    }
    finish()
    return files.filter { !$0.path.isEmpty }
  }

  /// A hunk's lines as they are read.
  private struct Hunk {
    var removed: [Int] = []
    var removedLeft = 0
    var addedLeft = 0
    var oldTexts: [String] = []
    var newTexts: [String] = []

    init() {}

    init(removed: [Int], added: Int) {
      self.removed = removed
      (removedLeft, addedLeft) = (removed.count, added)
    }

    /// Old line to its text before and after, when the hunk replaced as many lines as it removed.
    var replacements: [Int: AffectedTests.Replacement] {
      guard oldTexts.count == removed.count, newTexts.count == removed.count else { return [:] }
      var result: [Int: AffectedTests.Replacement] = [:]
      for (index, line) in removed.enumerated() {
        result[line] = AffectedTests.Replacement(old: oldTexts[index], new: newTexts[index])
      }
      return result
    }
  }

  /// The path of `a/P b/P` (or its quoted form) when both sides are the same file.
  private static func headerPath(_ rest: Substring) -> String? {
    if rest.hasPrefix("\"") {
      guard let split = rest.range(of: "\" \"") else { return nil }
      let path = unquote(rest[rest.startIndex...split.lowerBound])
      return path.hasPrefix("a/") ? String(path.dropFirst(2)) : nil
    }
    guard rest.hasPrefix("a/"), (rest.count - 5) % 2 == 0, rest.count > 5 else { return nil }
    let length = (rest.count - 5) / 2
    let old = rest.dropFirst(2).prefix(length)
    let new = rest.suffix(length)
    return old == new ? String(old) : nil
  }

  /// `@@ -a,b +c,d @@` → c ..< c+d for `+` (d defaults to 1; 0 means a pure deletion), and
  /// a ..< a+b for `-` (0: a pure insertion after line a).
  private static func hunkLines(_ header: Substring, side: Character) -> [Int]? {
    guard let range = header.split(separator: " ").dropFirst().first(where: { $0.first == side })
    else { return nil }
    let parts = range.dropFirst().split(separator: ",")
    guard let first = parts.first, let start = Int(first) else { return nil }
    let count = parts.count > 1 ? Int(parts[1]) : 1
    guard let count, count >= 0, start >= 0 else { return nil }
    return Array(start..<(start + count))
  }

  private static func hunkStart(_ header: Substring, side: Character) -> Int? {
    header.split(separator: " ").dropFirst().first(where: { $0.first == side })
      .flatMap { Int($0.dropFirst().split(separator: ",").first ?? "") }
  }

  /// git quotes unusual paths as C strings: `"a\tb.swift"`.
  private static func unquote(_ path: Substring) -> String {
    guard path.hasPrefix("\""), path.hasSuffix("\""), path.count >= 2 else { return String(path) }
    var bytes: [UInt8] = []
    var iterator = path.dropFirst().dropLast().utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "\\"), let escaped = iterator.next() else {
        bytes.append(byte)
        continue
      }
      switch escaped {
      case UInt8(ascii: "n"): bytes.append(0x0A)
      case UInt8(ascii: "t"): bytes.append(0x09)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = Int(escaped - UInt8(ascii: "0"))
        for _ in 0..<2 {
          guard let digit = iterator.next() else { break }
          value = value * 8 + Int(digit - UInt8(ascii: "0"))
        }
        bytes.append(UInt8(truncatingIfNeeded: value))
      default: bytes.append(escaped)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
