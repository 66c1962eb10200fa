/// Execution counts as `llvm-cov show` prints them (`SourceCoverageView::formatCount`).
///
/// Up to three digits stay as they are; longer counts keep their first three digits, cut (never
/// rounded), with a unit for each power of 1000: `1234` is `1.23k`, `45678` is `45.6k`,
/// `987654321` is `987M`, `UInt64.max` is `18.4E`.
enum CountFormat {
  /// The units llvm-cov appends, indexed by `(digits - 1) / 3`.
  private static let units: [Character] = [" ", "k", "M", "G", "T", "P", "E", "Z", "Y"]

  /// `count` abbreviated as llvm-cov abbreviates it.
  static func abbreviated(_ count: UInt64) -> String {
    let digits = String(count)
    guard digits.count > 3 else { return digits }
    let integerLength = digits.count % 3 == 0 ? 3 : digits.count % 3
    var result = String(digits.prefix(integerLength))
    if integerLength != 3 {
      result += "." + digits.dropFirst(integerLength).prefix(3 - integerLength)
    }
    result.append(units[(digits.count - 1) / 3])
    return result
  }

  /// An element holding `count` abbreviated, with the exact count in its tooltip when that
  /// differs (from 1000 on), appended to a page's bytes. `open` is the start tag without its `>`.
  static func append(
    _ count: UInt64, in open: StaticString, closing close: StaticString, to bytes: inout [UInt8]
  ) {
    bytes.append(open)
    if count < 1000 {
      bytes.append(">")
      bytes.appendDecimal(count)
    } else {
      bytes.append(" title=\"")
      bytes.appendDecimal(count)
      bytes.append("\">")
      bytes.append(contentsOf: abbreviated(count).utf8)
    }
    bytes.append(close)
  }
}
