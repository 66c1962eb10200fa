/// The ranges of the numbers the export reader (and the xccov reader) accepts. A number outside
/// its range is damaged data and an error naming the field, never a clamped figure.
package enum ExportLimits {
  /// Lines: 1 up to `LineViewBuilder.maximumLine` (50 million lines is no source file).
  package static let line = LineViewBuilder.maximumLine - 1
  package static let lineReason = "no source file has \(LineViewBuilder.maximumLine) lines"
  /// Columns and file indexes: LLVM keeps them in 32 bits.
  package static let column = Int(UInt32.max)
  package static let columnReason = "LLVM numbers columns in 32 bits"
  package static let fileIndex = Int(UInt32.max)
  package static let fileIndexReason = "LLVM numbers a record's files in 32 bits"
  /// A file's summary counts (lines, functions, instantiations, regions, branches).
  package static let summaryCount = Int(UInt32.max)
  package static let summaryReason =
    "one source file has fewer than 2^32 lines, functions or regions"
}
