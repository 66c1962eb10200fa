import Foundation

/// A stable 64-bit fingerprint for cache keys (not for security).
public func fingerprint(_ data: Data) -> String {
  data.withUnsafeBytes { fingerprint($0) }
}

/// The fingerprint of raw bytes (see `fingerprint(_: Data)`): MurmurHash3's 64-bit steps,
/// eight bytes at a time, the length mixed in before its final avalanche. Hashing every source
/// of a large package costs a fraction of a byte-at-a-time FNV-1a.
public func fingerprint(_ bytes: UnsafeRawBufferPointer) -> String {
  let (c1, c2): (UInt64, UInt64) = (0x87c3_7b91_1142_53d5, 0x4cf5_ad43_2745_937f)
  func mixed(_ word: UInt64) -> UInt64 { (word &* c1).rotatedLeft(by: 31) &* c2 }
  var hash: UInt64 = 0
  var index = 0
  while index + 8 <= bytes.count {
    hash ^= mixed(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
    hash = hash.rotatedLeft(by: 27) &* 5 &+ 0x52dc_e729
    index += 8
  }
  if index < bytes.count {
    var tail: UInt64 = 0
    for offset in index..<bytes.count {
      tail |= UInt64(bytes[offset]) << (8 * UInt64(offset - index))
    }
    hash ^= mixed(tail)
  }
  hash ^= UInt64(bytes.count)
  hash ^= hash >> 33
  hash &*= 0xff51_afd7_ed55_8ccd
  hash ^= hash >> 33
  hash &*= 0xc4ce_b9fe_1a85_ec53
  hash ^= hash >> 33
  return String(hash, radix: 16)
}

extension UInt64 {
  fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
    (self << count) | (self >> (64 - count))
  }
}
