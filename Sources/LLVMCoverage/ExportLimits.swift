/// The ranges of the numbers the export reader accepts. A number outside its range is damaged
/// data and an error naming the field, never a clamped figure.
enum ExportLimits {
  /// Lines: 1 up to `LineViewBuilder.maximumLine` (50 million lines is no source file).
  static let line = LineViewBuilder.maximumLine - 1
  static let lineReason = "no source file has \(LineViewBuilder.maximumLine) lines"
  /// Columns and file indexes: LLVM keeps them in 32 bits.
  static let column = Int(UInt32.max)
  static let columnReason = "LLVM numbers columns in 32 bits"
  static let fileIndex = Int(UInt32.max)
  static let fileIndexReason = "LLVM numbers a record's files in 32 bits"
  /// A file's summary counts (lines, functions, instantiations, regions, branches).
  static let summaryCount = Int(UInt32.max)
  static let summaryReason = "one source file has fewer than 2^32 lines, functions or regions"
}
