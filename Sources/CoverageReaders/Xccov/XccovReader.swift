import CoverageModel
import CovgateSupport
import Foundation
import LLVMCoverage

/// Reads the JSON of `xcrun xccov view --report --json` and `--archive --json` strictly: a
/// missing field, a wrong type, a number out of range, a relative path or a cut-off file is an
/// error naming the field, never a figure. Keys xccov may add later are skipped.
public enum XccovReader {
  /// The report at `path`.
  public static func readReport(path: String) throws -> XccovReport {
    try withFile(path) { try parseReport(bytes: $0, source: path) }
  }

  /// The archive at `path`: each file's lines, keyed by absolute path.
  public static func readArchive(path: String) throws -> [String: XccovFileLines] {
    try withFile(path) { try parseArchive(bytes: $0, source: path) }
  }

  /// Parses report bytes; `source` names them in errors.
  public static func parseReport(bytes: UnsafeBufferPointer<UInt8>, source: String) throws
    -> XccovReport
  {
    try scanning(bytes, source: source, what: "xccov report") { scanner in
      var targets: [XccovReport.Target]?
      var errors: [String] = []
      try scanner.readObject { scanner, key in
        if key == "errors" {
          try array(&scanner, field: "errors", source: source) { scanner in
            errors.append(try error(&scanner, field: "errors[\(errors.count)]", source: source))
          }
        } else if key == "targets" {
          var list: [XccovReport.Target] = []
          try scanner.readArray { scanner in
            list.append(try target(&scanner, field: "targets[\(list.count)]", source: source))
          }
          targets = list
        }
      }
      guard let targets else {
        throw XccovError.notXccov(
          path: source, what: "xccov report", reason: "it has no \"targets\" key")
      }
      return XccovReport(targets: targets, errors: errors)
    }
  }

  /// One of the report's errors: its `localizedDescription`.
  static func error(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws -> String {
    var description: String?
    try object(&scanner, field: field(), source: source) { scanner, key in
      if key == "localizedDescription" {
        description = try string(&scanner, field: "\(field()).localizedDescription", source: source)
      }
    }
    return try required(description, "\(field()).localizedDescription", source)
  }

  // MARK: Report

  static func target(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws
    -> XccovReport.Target
  {
    var name: String?
    var files: [XccovReport.File]?
    try object(&scanner, field: field(), source: source) { scanner, key in
      if key == "name" {
        name = try string(&scanner, field: "\(field()).name", source: source)
      } else if key == "files" {
        var list: [XccovReport.File] = []
        try array(&scanner, field: "\(field()).files", source: source) { scanner in
          list.append(try file(&scanner, field: "\(field()).files[\(list.count)]", source: source))
        }
        files = list
      }
    }
    return XccovReport.Target(
      name: try required(name, "\(field()).name", source),
      files: try required(files, "\(field()).files", source))
  }

  static func file(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws
    -> XccovReport.File
  {
    var path: String?
    var covered: Int?
    var executable: Int?
    var functions: [XccovReport.Function]?
    try object(&scanner, field: field(), source: source) { scanner, key in
      if key == "path" {
        path = try string(&scanner, field: "\(field()).path", source: source)
      } else if key == "coveredLines" {
        covered = try lineCount(&scanner, field: "\(field()).coveredLines")
      } else if key == "executableLines" {
        executable = try lineCount(&scanner, field: "\(field()).executableLines")
      } else if key == "functions" {
        var list: [XccovReport.Function] = []
        try array(&scanner, field: "\(field()).functions", source: source) { scanner in
          list.append(
            try function(&scanner, field: "\(field()).functions[\(list.count)]", source: source))
        }
        functions = list
      }
    }
    let file = XccovReport.File(
      path: try required(path, "\(field()).path", source),
      coveredLines: try required(covered, "\(field()).coveredLines", source),
      executableLines: try required(executable, "\(field()).executableLines", source),
      functions: try required(functions, "\(field()).functions", source))
    try checkPath(file.path, field: "\(field()).path", source: source)
    guard file.coveredLines <= file.executableLines else {
      throw XccovError.badField(
        path: source, field: "\(field()).coveredLines",
        reason: "is \(file.coveredLines), more than its executableLines \(file.executableLines)")
    }
    return file
  }

  static func function(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws
    -> XccovReport.Function
  {
    var name: String?
    var line: Int?
    var count: UInt64?
    try object(&scanner, field: field(), source: source) { scanner, key in
      if key == "name" {
        name = try string(&scanner, field: "\(field()).name", source: source)
      } else if key == "lineNumber" {
        line = try lineNumber(&scanner, field: "\(field()).lineNumber")
      } else if key == "executionCount" {
        count = try scanner.readCount("\(field()).executionCount")
      }
    }
    return XccovReport.Function(
      name: try required(name, "\(field()).name", source),
      lineNumber: try required(line, "\(field()).lineNumber", source),
      executionCount: try required(count, "\(field()).executionCount", source))
  }
}
