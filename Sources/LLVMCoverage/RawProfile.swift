import Foundation

/// What one raw profile (`.profraw`, format version 10: LLVM 19 to 21) says: which functions
/// ran and how often they were entered. Read directly, without `llvm-profdata`, so that a
/// per-test run can map thousands of tests to their functions in milliseconds.
///
/// Layout: a header of 16 little-endian 64-bit fields, the binary IDs, one 64-byte record per
/// function (`NameRef`, hash, a counter pointer relative to the record, ...), then the counters.
/// Every offset and size is checked against the file: a damaged profile is an error, never a
/// guess.
public struct RawProfile: Sendable, Equatable {
  /// Per function, by `NameRef` (`MD5.low64` of its PGO name), its entry count (counter 0).
  public var entryCounts: [UInt64: UInt64]
  /// The build IDs of the binary that wrote it, as hex.
  public var binaryIDs: [String]
  /// Every counter of each function that was entered, by `NameRef` and function hash (the
  /// coverage mapping's expressions say what they count); empty unless asked for.
  public var counters: [FunctionKey: [UInt64]] = [:]

  /// A function as the profile and the coverage mapping both name it.
  public struct FunctionKey: Hashable, Sendable {
    public var nameRef: UInt64
    public var hash: UInt64

    public init(nameRef: UInt64, hash: UInt64) {
      self.nameRef = nameRef
      self.hash = hash
    }
  }

  static let magic: UInt64 = 0xff6c_7072_6f66_7281
  static let version: UInt64 = 10
  static let headerSize = 16 * 8
  static let recordSize = 64

  /// Reads the profile at `path`; `counters`: keep every counter of the functions entered, not
  /// just their entry counts.
  public static func read(path: String, counters: Bool = false) throws -> RawProfile {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw RawProfileError(path: path, reason: "cannot read the file")
    }
    return try data.withUnsafeBytes { try parse($0, path: path, counters: counters) }
  }

  public static func parse(
    _ bytes: UnsafeRawBufferPointer, path: String, counters keeping: Bool = false
  )
    throws -> RawProfile
  {
    func fail(_ reason: String) -> RawProfileError { RawProfileError(path: path, reason: reason) }
    func word(_ offset: Int) -> UInt64 {
      bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
    }
    guard bytes.count >= headerSize else { throw fail("shorter than a profile header") }
    guard word(0) == magic else { throw fail("not an LLVM raw profile (no magic number)") }
    guard word(8) == version else {
      throw fail("raw profile format \(word(8)), covgate reads format \(version) (LLVM 19 to 21)")
    }
    let (binaryIDsSize, dataCount, paddingBefore, counterCount) = (
      word(16), word(24), word(32), word(40)
    )
    let countersDelta = Int64(bitPattern: word(80))
    let limit = UInt64(bytes.count)
    guard binaryIDsSize <= limit, dataCount <= limit / UInt64(recordSize), paddingBefore <= limit,
      counterCount <= limit / 8
    else { throw fail("its header gives sizes larger than the file") }
    let dataStart = headerSize + Int(binaryIDsSize)
    let countersStart = dataStart + Int(dataCount) * recordSize + Int(paddingBefore)
    let countersEnd = countersStart + Int(counterCount) * 8
    guard countersEnd <= bytes.count else {
      throw fail("its header gives sizes larger than the file")
    }

    var binaryIDs: [String] = []
    var offset = headerSize
    while offset + 8 <= dataStart {
      let length = Int(clamping: word(offset))
      guard length <= dataStart - offset - 8 else {
        throw fail("a binary ID runs past its section")
      }
      binaryIDs.append((0..<length).map { String(format: "%02x", bytes[offset + 8 + $0]) }.joined())
      offset += 8 + (length + 7) / 8 * 8
    }

    var entryCounts: [UInt64: UInt64] = [:]
    entryCounts.reserveCapacity(Int(dataCount))
    var kept: [FunctionKey: [UInt64]] = [:]
    for index in 0..<Int(dataCount) {
      let record = dataStart + index * recordSize
      let nameRef = word(record)
      let counterPointer = Int64(bitPattern: word(record + 16))
      let counters = bytes.loadUnaligned(fromByteOffset: record + 48, as: UInt32.self).littleEndian
      // The counter pointer is relative to the record: the reader's delta moves by a record each time.
      let (delta, o1) = countersDelta.subtractingReportingOverflow(Int64(index * recordSize))
      let (relative, o2) = counterPointer.subtractingReportingOverflow(delta)
      guard !o1, !o2, relative >= 0, relative % 8 == 0, counters > 0,
        relative + Int64(counters) * 8 <= Int64(countersEnd - countersStart)
      else { throw fail("function record \(index) points outside the counters") }
      let first = countersStart + Int(relative)
      let entry = word(first)
      entryCounts[nameRef, default: 0] &+= entry
      if keeping, entry > 0 {
        let values = (0..<Int(counters)).map { word(first + $0 * 8) }
        let key = FunctionKey(nameRef: nameRef, hash: word(record + 8))
        if let earlier = kept[key], earlier.count == values.count {
          kept[key] = zip(earlier, values).map { $0 &+ $1 }
        } else {
          kept[key] = values
        }
      }
    }
    return RawProfile(entryCounts: entryCounts, binaryIDs: binaryIDs, counters: kept)
  }

  /// The `NameRef`s of a function: its name, and, for a function private to its file, the
  /// `file:name` LLVM gives it.
  public static func nameRefs(name: String, file: String) -> [UInt64] {
    [MD5.low64(name), MD5.low64("\(file):\(name)")]
  }
}

/// A raw profile covgate cannot read; the description is one line.
public struct RawProfileError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String {
    "\(path): \(reason); run the tests again (the profile is damaged or from another LLVM)"
  }
}
