#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte search with the C library's `memchr` and `memcmp` (vectorised; a loop in Swift over
/// every byte was a visible share of a check on a large package).
public enum ByteSearch {
  /// Where `needle` first starts in `haystack` at or after `start`, if anywhere.
  public static func offset(
    of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0
  ) -> Int? {
    guard !needle.isEmpty, start >= 0, haystack.count - start >= needle.count,
      let base = haystack.baseAddress
    else { return nil }
    return needle.withUnsafeBufferPointer { pattern in
      let last = haystack.count - pattern.count
      var index = start
      while index <= last {
        index = offset(of: pattern[0], in: haystack, from: index, to: last + 1)
        guard index <= last else { return nil }
        if memcmp(base + index, pattern.baseAddress!, pattern.count) == 0 { return index }
        index += 1
      }
      return nil
    }
  }

  /// Where `byte` first is in `haystack[start..<end]` (`end` if nowhere), by `memchr`.
  public static func offset(
    of byte: UInt8, in haystack: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    guard start < end, let base = haystack.baseAddress,
      let found = memchr(base + start, Int32(byte), end - start)
    else { return end }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }
}
