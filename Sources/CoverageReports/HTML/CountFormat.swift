/// Execution counts as `llvm-cov show` prints them (`SourceCoverageView::formatCount`).
///
/// Up to three digits stay as they are; longer counts keep their first three digits, cut (never
/// rounded), with a unit for each power of 1000: `1234` is `1.23k`, `45678` is `45.6k`,
/// `987654321` is `987M`, `UInt64.max` is `18.4E`.
enum CountFormat {
  /// The units llvm-cov appends, indexed by `(digits - 1) / 3`.
  private static let units = Array(" kMGTPEZY".utf8)

  /// `count` abbreviated as llvm-cov abbreviates it.
  static func abbreviated(_ count: UInt64) -> String {
    var bytes = HTMLBytes(capacity: 8)
    appendAbbreviated(count, to: &bytes)
    return bytes.text()
  }

  /// `abbreviated(count)` appended to a page's bytes.
  static func appendAbbreviated(_ count: UInt64, to bytes: inout HTMLBytes) {
    let start = bytes.count
    bytes.appendDecimal(count)
    let digits = bytes.count - start
    guard digits > 3 else { return }
    let integerLength = digits % 3 == 0 ? 3 : digits % 3
    let unit = units[(digits - 1) / 3]
    // The first three digits stay, a point after the integer part when it has fewer.
    bytes.removeLast(digits - 3)
    if integerLength != 3 { bytes.insert(UInt8(ascii: "."), at: start + integerLength) }
    bytes.append(unit)
  }

  /// An element holding `count` abbreviated, with the exact count in its tooltip when that
  /// differs (from 1000 on), appended to a page's bytes. `open` is the start tag without its `>`.
  static func append(
    _ count: UInt64, in open: StaticString, closing close: StaticString, to bytes: inout HTMLBytes
  ) {
    bytes.append(open)
    if count < 1000 {
      bytes.append(">")
      bytes.appendDecimal(count)
    } else {
      bytes.append(" title=")
      bytes.appendDecimal(count)
      bytes.append(">")
      appendAbbreviated(count, to: &bytes)
    }
    bytes.append(close)
  }
}
