import CoverageModel
import SourceAnalysis

/// A source with one `if` and its function's regions: the function ran 5 times, the `if` body
/// twice (then 2, none 3).
enum OneIfSource {
  static let text = """
    func f(a: Bool) -> Int {
      if a {
        return 1
      }
      return 0
    }

    """

  static let regions = [
    Region(
      lineStart: 1, columnStart: 24, lineEnd: 6, columnEnd: 2, count: 5, fileID: 0,
      expandedFileID: 0, kind: .code),
    Region(
      lineStart: 2, columnStart: 8, lineEnd: 4, columnEnd: 4, count: 2, fileID: 0,
      expandedFileID: 0, kind: .code),
  ]

  static var records: [BranchDeriver.Record] { [("f", regions)] }
}
