/// Why an xccov report or archive could not be used. Each description is one line with cause and
/// fix; a shape covgate does not know is an error naming the field, never a 0% figure.
public enum XccovError: Error, Equatable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case empty(path: String)
  case truncated(path: String, offset: Int)
  case malformed(path: String, offset: Int, reason: String)
  /// The document is JSON but not of the expected kind (`what`: "xccov report", "xccov archive").
  case notXccov(path: String, what: String, reason: String)
  /// A field is missing or holds what xccov never writes.
  case badField(path: String, field: String, reason: String)
  /// Several reports merge line by line, which needs each one's archive.
  case mergeNeedsArchives
  case unpaired(reports: Int, archives: Int)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "cannot read \(path): \(reason); check the path passed to --xccov-report or --xccov-archive"
    case .empty(let path):
      "\(path) is empty; write it again with `xcrun xccov view --report --json` (or --archive)"
    case .truncated(let path, let offset):
      "\(path) is truncated (ends at byte \(offset)); the file was cut short, write it again"
    case .malformed(let path, let offset, let reason):
      "\(path) is not valid JSON at byte \(offset): \(reason); pass the file xccov wrote"
    case .notXccov(let path, let what, let reason):
      "\(path) is not an \(what) (\(reason)); pass the JSON of `xcrun xccov view --\(what == "xccov report" ? "report" : "archive") --json`"
    case .badField(let path, let field, let reason):
      "\(path): \(field) \(reason); covgate reads the JSON of Xcode 15 and later's xccov, so this file is damaged or of an xccov it does not know"
    case .mergeNeedsArchives:
      "several --xccov-report files merge line by line, which needs each one's --xccov-archive; pass an archive for every report"
    case .unpaired(let reports, let archives):
      "\(reports) --xccov-report and \(archives) --xccov-archive files: they pair in order, so pass one archive per report, or none with a single report"
    }
  }
}
