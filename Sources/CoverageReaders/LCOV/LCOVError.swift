/// Why an LCOV tracefile could not be used. Each description is one line naming the record and
/// the fix; covgate then exits 2 and writes nothing.
public enum LCOVError: Error, Equatable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case empty(path: String)
  /// A record covgate cannot read: `line` is the file's line, `record` what it holds.
  case malformed(path: String, line: Int, record: String, reason: String)
  /// The file ends inside a source file's record (no `end_of_record`).
  case truncated(path: String, source: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "cannot read \(path): \(reason); check the path passed to --lcov"
    case .empty(let path):
      "\(path) holds no LCOV records (no SF: line); pass the tracefile your coverage tool wrote (e.g. bazel-out/_coverage/_coverage_report.dat)"
    case .malformed(let path, let line, let record, let reason):
      "\(path):\(line): \(reason) in `\(Self.clipped(record))`; pass an LCOV tracefile as `llvm-cov export -format=lcov`, geninfo or `bazel coverage` write it"
    case .truncated(let path, let source):
      "\(path) is truncated: the record of \(source) has no end_of_record; write the tracefile again"
    }
  }

  /// A record shown in a one-line error: long names cut.
  private static func clipped(_ record: String) -> String {
    record.count <= 120 ? record : String(record.prefix(117)) + "..."
  }
}
