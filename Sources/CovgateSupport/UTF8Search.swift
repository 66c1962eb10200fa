#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte searches in text, as the file system compares paths: over the contiguous UTF-8
/// bytes, where `String.UTF8View`'s own `lastIndex(of:)` and `starts(with:)` step an index at a
/// time (a cost on every file of a large export).
extension Substring {
  /// The index of the last `byte` in the text's UTF-8, or nil.
  @inlinable
  public func lastIndex(ofByte byte: UInt8) -> String.Index? {
    var text = self
    let offset = text.withUTF8 { bytes in bytes.lastIndex(of: byte) }
    return offset.map { utf8.index(startIndex, offsetBy: $0) }
  }

  /// Whether the two texts' UTF-8 bytes are the same.
  @inlinable
  public func hasSameBytes(as other: Substring) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    var (text, other) = (self, other)
    return text.withUTF8 { bytes in
      other.withUTF8 { others in
        bytes.isEmpty || memcmp(bytes.baseAddress!, others.baseAddress!, bytes.count) == 0
      }
    }
  }

  /// Whether the text's UTF-8 starts with `prefix`'s.
  @inlinable
  public func startsWithBytes(of prefix: String) -> Bool {
    var (text, prefix) = (self, prefix)
    return text.withUTF8 { bytes in
      prefix.withUTF8 { start in
        bytes.count >= start.count
          && (start.isEmpty || memcmp(bytes.baseAddress!, start.baseAddress!, start.count) == 0)
      }
    }
  }
}
