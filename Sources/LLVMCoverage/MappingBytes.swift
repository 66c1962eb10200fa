/// A cursor over coverage-mapping bytes: little-endian words and ULEB128 numbers, each read
/// checked against the end, so that damaged data is a `CoverageMappingError`, never a crash.
struct MappingBytes {
  let bytes: UnsafeRawBufferPointer
  private(set) var offset: Int
  let end: Int

  init(_ bytes: UnsafeRawBufferPointer, from start: Int = 0, to end: Int? = nil) {
    self.bytes = bytes
    self.offset = start
    self.end = min(end ?? bytes.count, bytes.count)
  }

  var isAtEnd: Bool { offset >= end }

  mutating func word32() throws -> UInt32 {
    guard end - offset >= 4 else { throw CoverageMappingError.truncated(at: offset) }
    defer { offset += 4 }
    return bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
  }

  mutating func word64() throws -> UInt64 {
    guard end - offset >= 8 else { throw CoverageMappingError.truncated(at: offset) }
    defer { offset += 8 }
    return bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
  }

  /// An unsigned LEB128 number: seven bits a byte, the low ones first, the high bit set on
  /// every byte but the last.
  mutating func leb128() throws -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    let start = offset
    while true {
      guard offset < end else { throw CoverageMappingError.truncated(at: start) }
      let byte = bytes[offset]
      offset += 1
      let bits = UInt64(byte & 0x7f)
      guard shift < 64, shift == 0 || bits >> (64 - shift) == 0 else {
        throw CoverageMappingError.malformed("a number longer than 64 bits", at: start)
      }
      value |= bits << shift
      if byte & 0x80 == 0 { return value }
      shift += 7
    }
  }

  /// A LEB128 number no larger than `limit` (LLVM's `readIntMax`).
  mutating func leb128(atMost limit: UInt64, _ what: String) throws -> Int {
    let start = offset
    let value = try leb128()
    guard value <= limit else {
      throw CoverageMappingError.malformed("\(what) \(value) is out of range", at: start)
    }
    return Int(value)
  }

  /// A count of things each at least one byte long (LLVM's `readSize`): never more than the
  /// bytes left.
  mutating func size(_ what: String) throws -> Int {
    try leb128(atMost: UInt64(max(0, end - offset)), what)
  }

  mutating func skip(to position: Int) throws {
    guard position <= end else { throw CoverageMappingError.truncated(at: offset) }
    offset = position
  }
}

/// Coverage mapping data covgate cannot read; the description is one line.
public enum CoverageMappingError: Error, Equatable, CustomStringConvertible {
  case truncated(at: Int)
  case malformed(String, at: Int)
  case unsupportedVersion(UInt32)

  public var description: String {
    switch self {
    case .truncated(let offset):
      "the coverage mapping ends inside a record (byte \(offset))"
    case .malformed(let what, let offset):
      "the coverage mapping is malformed: \(what) (byte \(offset))"
    case .unsupportedVersion(let version):
      "coverage mapping format version \(version + 1), covgate reads version \(CoverageMapping.supportedVersion + 1) (LLVM 18 to 21)"
    }
  }
}
