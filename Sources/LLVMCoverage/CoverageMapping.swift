import CoverageModel

/// The coverage mapping a test binary carries (LLVM's Coverage Mapping Format, version 7:
/// LLVM 18 to 21, Swift 6): per function, its regions and the counter expression that gives
/// each region's count from the function's counters. With a test's own counters (its raw
/// profile) it says which regions, and so which lines, that test ran.
///
/// Two sections: `__llvm_covmap`, headers with the filename tables (read only for the format
/// version: functions are joined to files through the export's records, by `NameRef`), and
/// `__llvm_covfun`, one record a function, each 8-byte aligned: `NameRef` (u64), the size of
/// its mapping data (u32), the function hash (u64), the filenames' hash (u64), then the
/// mapping data (`MappedFunction.decode`).
public struct CoverageMapping: Sendable, Equatable {
  /// `CovMapVersion::Version7`, as the header stores it (the version less one).
  public static let supportedVersion: UInt32 = 6

  /// Per `NameRef`, the function as llvm-cov takes it: the first record with real mapping data
  /// (a function inlined in several files has a record in each; one unused where it was seen
  /// has a dummy record, with a zero hash and a single zero region).
  public var functions: [UInt64: MappedFunction]

  public init(functions: [UInt64: MappedFunction]) {
    self.functions = functions
  }

  /// Reads both sections; throws on a version other than 7 and on any damaged record.
  public static func parse(covmap: UnsafeRawBufferPointer, covfun: UnsafeRawBufferPointer) throws
    -> CoverageMapping
  {
    var header = MappingBytes(covmap)
    _ = try header.word32()  // records before version 4, always zero since
    _ = try header.word32()  // the size of the filenames
    _ = try header.word32()  // the size of the mappings before version 4
    let version = try header.word32()
    guard version == supportedVersion else {
      throw CoverageMappingError.unsupportedVersion(version)
    }
    return CoverageMapping(functions: try functionRecords(covfun))
  }

  /// The records of `__llvm_covfun`, one per `NameRef` as llvm-cov keeps them.
  static func functionRecords(_ bytes: UnsafeRawBufferPointer) throws -> [UInt64: MappedFunction] {
    var functions: [UInt64: MappedFunction] = [:]
    var reader = MappingBytes(bytes)
    while !reader.isAtEnd {
      let start = reader.offset
      let nameRef = try reader.word64()
      let size = Int(try reader.word32())
      let hash = try reader.word64()
      _ = try reader.word64()  // the hash of the filenames in `__llvm_covmap`
      let dataStart = reader.offset
      guard size <= reader.end - dataStart else { throw CoverageMappingError.truncated(at: start) }
      let function = try MappedFunction.decode(
        MappingBytes(bytes, from: dataStart, to: dataStart + size), nameRef: nameRef, hash: hash)
      if let kept = functions[nameRef] {
        if kept.isDummy && !function.isDummy { functions[nameRef] = function }
      } else {
        functions[nameRef] = function
      }
      let next = dataStart + size
      try reader.skip(to: min(reader.end, (next + 7) / 8 * 8))
    }
    return functions
  }
}
