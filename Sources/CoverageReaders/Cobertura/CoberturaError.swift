/// Why a Cobertura XML file could not be used. Each description is one line naming the place
/// and the fix; covgate then exits 2 and writes nothing.
public enum CoberturaError: Error, Equatable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  /// No `<coverage>` element: not a Cobertura report.
  case notCobertura(path: String)
  /// An element covgate cannot read: `line` is the file's line.
  case malformed(path: String, line: Int, element: String, reason: String)
  /// The file ends before `</coverage>`.
  case truncated(path: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "cannot read \(path): \(reason); check the path passed to --cobertura"
    case .notCobertura(let path):
      "\(path) holds no <coverage> element: pass the Cobertura XML your coverage tool wrote (slather --cobertura-xml, xcov, gcovr --cobertura)"
    case .malformed(let path, let line, let element, let reason):
      "\(path):\(line): \(reason) in `\(element.count <= 120 ? element : String(element.prefix(117)) + "...")`; pass a Cobertura XML report as slather, gcovr or coverage.py write it"
    case .truncated(let path):
      "\(path) is truncated: it ends before </coverage>; write the report again"
    }
  }
}
