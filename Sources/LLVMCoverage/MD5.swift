import Foundation

/// MD5 (RFC 1321), which LLVM uses to name functions in profiles: a record's `NameRef` is the
/// low 64 bits (little-endian) of the MD5 of the function's PGO name.
enum MD5 {
  /// The first 8 bytes of the digest of `text`, read little-endian.
  static func low64(_ text: String) -> UInt64 {
    let digest = self.digest(Array(text.utf8))
    var value: UInt64 = 0
    for index in (0..<8).reversed() { value = value << 8 | UInt64(digest[index]) }
    return value
  }

  static func digest(_ message: [UInt8]) -> [UInt8] {
    var state: (UInt32, UInt32, UInt32, UInt32) = (
      0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476
    )
    var padded = message
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) &* 8
    for shift in stride(from: 0, to: 64, by: 8) {
      padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    var words = [UInt32](repeating: 0, count: 16)
    for chunk in stride(from: 0, to: padded.count, by: 64) {
      for index in 0..<16 {
        let base = chunk + index * 4
        words[index] =
          UInt32(padded[base]) | UInt32(padded[base + 1]) << 8 | UInt32(padded[base + 2]) << 16
          | UInt32(padded[base + 3]) << 24
      }
      var (a, b, c, d) = state
      for round in 0..<64 {
        var f: UInt32
        var g: Int
        switch round {
        case 0..<16:
          f = (b & c) | (~b & d)
          g = round
        case 16..<32:
          f = (d & b) | (~d & c)
          g = (5 &* round &+ 1) % 16
        case 32..<48:
          f = b ^ c ^ d
          g = (3 &* round &+ 5) % 16
        default:
          f = c ^ (b | ~d)
          g = (7 &* round) % 16
        }
        f = f &+ a &+ constants[round] &+ words[g]
        a = d
        d = c
        c = b
        b = b &+ (f << shifts[round] | f >> (32 - shifts[round]))
      }
      state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
    return [state.0, state.1, state.2, state.3].flatMap { word in
      (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32($0 * 8)) }
    }
  }

  private static let shifts: [UInt32] = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
    14, 20, 5, 9, 14,
    20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6,
    10, 15, 21, 6,
    10, 15, 21,
  ]

  /// `floor(abs(sin(i + 1)) * 2^32)`.
  private static let constants: [UInt32] = (0..<64).map { index in
    UInt32(truncatingIfNeeded: Int64((abs(sin(Double(index + 1))) * 4_294_967_296).rounded(.down)))
  }
}
