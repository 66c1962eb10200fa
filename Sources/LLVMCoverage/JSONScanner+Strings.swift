import CoverageModel
import CovgateSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Strings: found by `memchr`, checked eight bytes at a time, decoded a byte at a time only
/// when they hold escapes (or a fault to name).
extension JSONScanner {
  /// Reads a string, decoding escapes; rejects invalid UTF-8. `previous`, when its bytes are
  /// the string's, is returned as it is (a function record's file, repeated record after
  /// record, shares one string).
  package mutating func readString(reusing previous: String? = nil) throws -> String {
    skipWhitespace()
    try expect(UInt8(ascii: "\""), what: "a string")
    let start = position
    // The closing quote by `memchr`, then one pass over the bytes before it.
    let end = ByteSearch.offset(of: UInt8(ascii: "\""), in: bytes, from: start, to: bytes.count)
    guard end < bytes.count else { return try readStringByteByByte(from: start) }
    let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
    var ascii = true
    if !Self.isPlainASCII(raw) {
      for byte in raw {
        if byte == UInt8(ascii: "\\") || byte < 0x20 {
          return try readStringByteByByte(from: start)
        }
        if byte >= 0x80 { ascii = false }
      }
    }
    position = end + 1
    if let previous, previous.utf8.count == raw.count,
      previous.utf8.withContiguousStorageIfAvailable({
        memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0
      }) == true
    {
      return previous
    }
    if ascii { return String(decoding: raw, as: UTF8.self) }
    guard let string = Self.validUTF8(raw) else {
      throw error("a string is not valid UTF-8")
    }
    return string
  }

  /// Whether every byte is ASCII, printable or space, and no backslash: eight at a time.
  private static func isPlainASCII(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    let (ones, highs) = (UInt64(0x0101_0101_0101_0101), UInt64(0x8080_8080_8080_8080))
    var index = 0
    guard let base = UnsafeRawPointer(raw.baseAddress) else { return true }
    while index + 8 <= raw.count {
      let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let control = (word &- ones &* 0x20) & ~word & highs
      let backslash = word ^ (ones &* 0x5C)
      let escape = (backslash &- ones) & ~backslash & highs
      if (word & highs) | control | escape != 0 { return false }
      index += 8
    }
    while index < raw.count {
      let byte = raw[index]
      if byte >= 0x80 || byte < 0x20 || byte == UInt8(ascii: "\\") { return false }
      index += 1
    }
    return true
  }

  /// A string with escapes, control characters or no end, read a byte at a time to decode
  /// the escapes and name the first fault where it is.
  private mutating func readStringByteByByte(from start: Int) throws -> String {
    position = start
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<position])
        position += 1
        guard let string = Self.validUTF8(raw) else {
          throw error("a string is not valid UTF-8")
        }
        return string
      }
      if byte == UInt8(ascii: "\\") {
        position = start
        return try readEscapedString()
      }
      if byte < 0x20 { throw error("a control character inside a string") }
      position += 1
    }
    throw truncated()
  }

  private mutating func readEscapedString() throws -> String {
    var utf8: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let string = Self.validUTF8(utf8) else {
          throw error("a string is not valid UTF-8")
        }
        return string
      case UInt8(ascii: "\\"):
        try appendEscape(to: &utf8)
      case ..<0x20:
        throw error("a control character inside a string")
      default:
        utf8.append(byte)
      }
    }
    throw truncated()
  }

  private mutating func appendEscape(to utf8: inout [UInt8]) throws {
    let escape = try next()
    switch escape {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try readHex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard try next() == UInt8(ascii: "\\"), try next() == UInt8(ascii: "u") else {
          throw error("an unpaired surrogate escape")
        }
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw error("an unpaired surrogate escape") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw error("an invalid \\u escape") }
      utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    default:
      throw error("an invalid escape")
    }
  }

  private mutating func readHex4() throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = try next()
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("an invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}

extension JSONScanner {
  /// `bytes` as a string if they are valid UTF-8, nil if not: `String(validating:as:)` where
  /// the system has it (macOS 15), else `validUTF8ByTranscoding`.
  static func validUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      return String(validating: bytes, as: UTF8.self)
    }
    return validUTF8ByTranscoding(bytes)
  }

  /// The same answer on every system: the bytes checked by transcoding them (which stops at
  /// the first ill-formed sequence), then decoded.
  static func validUTF8ByTranscoding<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    let invalid = transcode(
      bytes.makeIterator(), from: UTF8.self, to: UTF8.self, stoppingOnError: true, into: { _ in })
    return invalid ? nil : String(decoding: bytes, as: UTF8.self)
  }
}
