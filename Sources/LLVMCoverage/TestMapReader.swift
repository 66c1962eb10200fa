import CoverageModel
import Foundation

/// Reads `covgate-test-map.json` with the export reader's byte scanner: a map of thousands of
/// tests is read in milliseconds, and every index in it is checked against the lists it points into.
public enum TestMapReader {
  public static func read(path: String) throws -> TestMap {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TestMapError(
        path: path,
        reason: "there is no test map; run `covgate run --per-test` first, or pass --map FILE")
    }
    do {
      return try data.withUnsafeBytes { raw in
        var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self))
        return try readMap(&scanner)
      }
    } catch let error as JSONScanError {
      throw TestMapError(
        path: path,
        reason:
          "not a covgate test map at byte \(error.offset) (\(error.message)); run `covgate run --per-test` again"
      )
    }
  }

  private static func readMap(_ scanner: inout JSONScanner) throws -> TestMap {
    var map = TestMap(commit: "", binaries: [], tests: [], functions: [], ran: [])
    var version: Int?
    try scanner.readObject { scanner, key in
      if key == "schemaVersion" {
        version = try scanner.readInt(upTo: 1000, "schemaVersion", limit: "a small number")
      } else if key == "commit" {
        map.commit = try scanner.readString()
      } else if key == "binaries" {
        try scanner.readArray { map.binaries.append(try $0.readString()) }
      } else if key == "tests" {
        try scanner.readArray { map.tests.append(try readTest(&$0)) }
      } else if key == "functions" {
        try scanner.readArray { map.functions.append(try readFunction(&$0)) }
      } else if key == "ran" {
        try scanner.readArray { scanner in
          var indexes: [Int] = []
          try scanner.readArray {
            indexes.append(try $0.readInt(upTo: Int(Int32.max), "ran", limit: "an index"))
          }
          map.ran.append(indexes)
        }
      } else if key == "linesRan" {
        map.linesRan = try readLinesRan(&scanner)
      }
    }
    guard version == TestMap.currentSchemaVersion else {
      throw scanner.error(
        "schema version \(version.map(String.init) ?? "none"), covgate reads \(TestMap.currentSchemaVersion)"
      )
    }
    guard map.linesRan.map({ $0.count == map.tests.count }) ?? true else {
      throw scanner.error("its lines run do not match its tests")
    }
    guard map.ran.count == map.tests.count,
      map.ran.allSatisfy({ $0.allSatisfy { $0 < map.functions.count } })
    else {
      throw scanner.error("its lists of functions run do not match its tests and functions")
    }
    return map
  }

  /// `{"files": [...], "tests": [[[file, first, last, ...], ...], ...]}` (`TestMapFile`).
  private static func readLinesRan(_ scanner: inout JSONScanner) throws -> [[String: [[Int]]]] {
    var files: [String] = []
    var tests: [[[Int]]] = []
    try scanner.readObject { scanner, key in
      if key == "files" {
        try scanner.readArray { files.append(try $0.readString()) }
      } else if key == "tests" {
        try scanner.readArray { scanner in
          var test: [[Int]] = []
          try scanner.readArray { scanner in
            var numbers: [Int] = []
            try scanner.readArray {
              numbers.append(
                try $0.readInt(upTo: ExportLimits.line, "linesRan", limit: ExportLimits.lineReason))
            }
            test.append(numbers)
          }
          tests.append(test)
        }
      }
    }
    return try tests.map { test in
      var lines: [String: [[Int]]] = [:]
      for entry in test {
        guard let file = entry.first, file < files.count, entry.count % 2 == 1 else {
          throw scanner.error("a test's lines run name no file or have a run without its end")
        }
        let runs = stride(from: 1, to: entry.count, by: 2).map { [entry[$0], entry[$0 + 1]] }
        guard runs.allSatisfy({ 1 <= $0[0] && $0[0] <= $0[1] }) else {
          throw scanner.error("a run of lines ends before it starts")
        }
        lines[files[file], default: []] += runs
      }
      return lines
    }
  }

  private static func readTest(_ scanner: inout JSONScanner) throws -> TestCaseResult {
    var id: String?
    var library: TestCaseResult.Library?
    var status: TestCaseResult.Status?
    var signal: Int32?
    var seconds = 0.0
    try scanner.readObject { scanner, key in
      if key == "id" {
        id = try scanner.readString()
      } else if key == "library" {
        library = TestCaseResult.Library(rawValue: try scanner.readString())
      } else if key == "status" {
        status = TestCaseResult.Status(rawValue: try scanner.readString())
      } else if key == "signal" {
        signal = Int32(try scanner.readInt(upTo: 255, "signal", limit: "a signal number"))
      } else if key == "seconds" {
        seconds = try scanner.readDouble()
      }
    }
    guard let id, let library, let status else {
      throw scanner.error("a test lacks its id, library or status")
    }
    return TestCaseResult(
      id: id, library: library, status: status, signal: signal, seconds: seconds)
  }

  private static func readFunction(_ scanner: inout JSONScanner) throws -> TestMap.Function {
    var name: String?
    var file: String?
    var first = 0
    var last = 0
    try scanner.readObject { scanner, key in
      if key == "name" {
        name = try scanner.readString()
      } else if key == "file" {
        file = try scanner.readString()
      } else if key == "firstLine" {
        first = try scanner.readInt(
          upTo: ExportLimits.line, "firstLine", limit: ExportLimits.lineReason)
      } else if key == "lastLine" {
        last = try scanner.readInt(
          upTo: ExportLimits.line, "lastLine", limit: ExportLimits.lineReason)
      }
    }
    guard let name, let file, first >= 1, last >= first else {
      throw scanner.error("a function lacks its name, file or lines")
    }
    return TestMap.Function(name: name, file: file, firstLine: first, lastLine: last)
  }
}

/// A test map covgate cannot use; one line.
public struct TestMapError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): \(reason)" }
}
