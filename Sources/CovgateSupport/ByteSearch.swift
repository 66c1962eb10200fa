#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte search with the C library's `memmem` and `memchr` (vectorised; a loop in Swift over
/// every byte was a visible share of a check on a large package).
public enum ByteSearch {
  /// Where `needle` first starts in `haystack` at or after `start`, if anywhere. `memmem`, not
  /// `memchr` for the first byte and a comparison at each: a needle's first byte (the `i` of
  /// `import `) can be in every tenth byte of a source.
  public static func offset(
    of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0
  ) -> Int? {
    guard !needle.isEmpty, start >= 0, haystack.count - start >= needle.count,
      let base = haystack.baseAddress
    else { return nil }
    return needle.withUnsafeBufferPointer { pattern in
      guard let memmem else { return offsetByFirstByte(of: pattern, in: haystack, from: start) }
      let found = memmem(base + start, haystack.count - start, pattern.baseAddress, pattern.count)
      return found.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
    }
  }

  /// The same search where the C library has no `memmem`: `memchr` for the first byte, then
  /// `memcmp`.
  static func offsetByFirstByte(
    of pattern: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    let last = haystack.count - pattern.count
    var index = start
    while index <= last {
      index = offset(of: pattern[0], in: haystack, from: index, to: last + 1)
      guard index <= last else { return nil }
      if memcmp(haystack.baseAddress! + index, pattern.baseAddress!, pattern.count) == 0 {
        return index
      }
      index += 1
    }
    return nil
  }

  private typealias Memmem =
    @convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?

  /// `memmem` from the C library (Glibc's module leaves it out: a GNU extension).
  private static let memmem = CLibrary.function("memmem", as: Memmem.self)

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
