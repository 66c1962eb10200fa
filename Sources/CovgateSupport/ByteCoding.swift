/// A compact binary writer for covgate's caches: whole numbers as little-endian 32 bits,
/// strings as their UTF-8 length then bytes.
public struct ByteWriter: Sendable {
  public private(set) var bytes: [UInt8] = []

  public init() {}

  public mutating func write(_ value: Int) {
    let word = UInt32(truncatingIfNeeded: value)
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: word >> shift))
    }
  }

  public mutating func write(_ text: String) {
    let utf8 = Array(text.utf8)
    write(utf8.count)
    bytes += utf8
  }

  public mutating func write(_ data: [UInt8]) {
    write(data.count)
    bytes += data
  }
}

/// Reads what `ByteWriter` wrote; every read checks its bounds and returns nil past the end,
/// so a truncated or foreign cache is a miss, never a crash.
public struct ByteReader {
  private let bytes: [UInt8]
  private var offset = 0

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  public var isAtEnd: Bool { offset == bytes.count }

  public mutating func int() -> Int? {
    guard bytes.count - offset >= 4 else { return nil }
    var word: UInt32 = 0
    for index in 0..<4 { word |= UInt32(bytes[offset + index]) << (8 * index) }
    offset += 4
    return Int(word)
  }

  public mutating func string() -> String? {
    data().map { String(decoding: $0, as: UTF8.self) }
  }

  public mutating func data() -> ArraySlice<UInt8>? {
    guard let count = int(), bytes.count - offset >= count else { return nil }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }
}
