import CoverageModel
import CovgateSupport

/// A page's UTF-8 bytes as they are made. Appending is a capacity check and a copy: appending
/// to an `[UInt8]` also checks that the array is not shared and goes through generic code, a
/// quarter of the time spent on a page's rows.
struct HTMLBytes: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  /// Appends bytes.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (start + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Appends one byte.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    start[count] = byte
    count += 1
  }

  /// Appends a literal's bytes.
  @inline(__always)
  mutating func append(_ text: StaticString) {
    reserve(text.utf8CodeUnitCount)
    (start + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    count += text.utf8CodeUnitCount
  }

  /// Appends a string's UTF-8 bytes (literals go to `append(_:)` as static strings).
  mutating func append(string text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends `value` in decimal digits, written backwards in place two at a time.
  mutating func appendDecimal(_ value: UInt64) {
    var length = 1
    var limit: UInt64 = 10
    while length < 20, value >= limit {
      length += 1
      limit = limit &* 10
    }
    reserve(length)
    let pairs = Self.digitPairs.utf8Start
    var position = count + length
    var value = value
    while value >= 100 {
      let pair = Int(value % 100) &* 2
      value /= 100
      position -= 2
      start[position] = pairs[pair]
      start[position + 1] = pairs[pair + 1]
    }
    if value >= 10 {
      start[position - 2] = pairs[Int(value) &* 2]
      start[position - 1] = pairs[Int(value) &* 2 + 1]
    } else {
      start[position - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
    }
    count += length
  }

  /// `00` to `99`, for writing digits two at a time.
  private static let digitPairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """

  /// Appends again the `length` bytes that start at `offset` (a number written before).
  mutating func appendCopy(from offset: Int, length: Int) {
    precondition(offset >= 0 && length >= 0 && offset + length <= count)
    reserve(length)
    (start + count).update(from: start + offset, count: length)
    count += length
  }

  /// Appends `value` in decimal digits, with its sign when negative.
  mutating func appendInteger(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    appendDecimal(UInt64(value.magnitude))
  }

  /// The last `length` bytes dropped.
  mutating func removeLast(_ length: Int) {
    precondition(length <= count)
    count -= length
  }

  /// `byte` put in at `offset`, the bytes from there moved one place on.
  mutating func insert(_ byte: UInt8, at offset: Int) {
    precondition(offset <= count)
    reserve(1)
    for index in stride(from: count, to: offset, by: -1) { start[index] = start[index - 1] }
    start[offset] = byte
    count += 1
  }

  /// The bytes, handed over without a copy.
  consuming func owned() -> OwnedBytes {
    let bytes = OwnedBytes(taking: start, count: count)
    discard self
    return bytes
  }

  /// The bytes as text (invalid UTF-8 repaired, as `String(decoding:as:)` does).
  consuming func text() -> String {
    String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  }

  /// Room for `more` bytes: the capacity at least doubles when it grows.
  @inline(__always)
  private mutating func reserve(_ more: Int) {
    if capacity - count < more { grow(to: count + more) }
  }

  @inline(never)
  private mutating func grow(to needed: Int) {
    let larger = max(needed, capacity * 2)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.initialize(from: start, count: count)
    start.deallocate()
    start = moved
    capacity = larger
  }
}

/// A number's decimal digits counted up one at a time, in place: a page writes a line number per
/// row, and adding one to the digits is cheaper than making them from the number each time.
struct DecimalCounter {
  /// Room for 24 ASCII digits, all "0" at first: more than any `Int` has (20), in a value of
  /// fixed size (no heap: a page asks for the digits on every row).
  private typealias Room = (UInt64, UInt64, UInt64)
  private static let zeros: UInt64 = 0x3030_3030_3030_3030

  /// The digits, most significant first, at the end of the room; none before the first
  /// `increment()` (zero).
  private var room: Room = (zeros, zeros, zeros)
  private var count = 0

  mutating func increment() {
    let count = self.count
    let grew = withUnsafeMutableBytes(of: &room) { digits in
      var index = digits.count - 1
      while index >= digits.count - count, digits[index] == UInt8(ascii: "9") {
        digits[index] = UInt8(ascii: "0")
        index -= 1
      }
      if index >= digits.count - count {
        digits[index] += 1
        return false
      }
      digits[index] = UInt8(ascii: "1")
      return true
    }
    if grew { self.count += 1 }
  }

  /// Appends the digits ("0" before the first `increment()`).
  func append(to bytes: inout HTMLBytes) {
    guard count > 0 else { return bytes.append(UInt8(ascii: "0")) }
    withUnsafeBytes(of: room) { raw in
      let digits = raw.assumingMemoryBound(to: UInt8.self)
      bytes.append(UnsafeBufferPointer(rebasing: digits[(digits.count - count)...]))
    }
  }
}
