import CoverageModel
import CovgateSupport

/// Writes pretty-printed JSON straight into bytes, in the layout of Foundation's
/// `JSONEncoder` with `.prettyPrinted` (`"key" : value`, two-space indent, `[\n\n]` when empty).
/// Callers write keys in sorted order. No intermediate tree: memory is the output alone, held
/// once, in parts of about 64 KB that are written one after the other and never joined.
struct JSONWriter {
  /// The latest output, moved into `parts` once it passes `flushSize`.
  private var bytes: [UInt8] = []
  private var parts: [String] = []
  private var depth = 0
  /// Whether the innermost open container has no member yet.
  private var empty = true
  private static let flushSize = 1 << 16

  init() {
    bytes.reserveCapacity(Self.flushSize + 4096)
  }

  /// An object; `body` writes its members with `key(_:)` followed by a value.
  mutating func object(_ body: (inout JSONWriter) -> Void) {
    open(UInt8(ascii: "{"))
    body(&self)
    close(UInt8(ascii: "}"))
  }

  /// An array of `elements`, each written by `element`.
  mutating func array<S: Sequence>(_ elements: S, _ element: (inout JSONWriter, S.Element) -> Void)
  {
    open(UInt8(ascii: "["))
    for item in elements {
      newMember()
      element(&self, item)
    }
    close(UInt8(ascii: "]"))
  }

  /// An array of `elements` rendered in slices on every core, their parts taken in order: the
  /// same bytes as `array(_:_:)`, never copied into one another.
  mutating func array<Element: Sendable>(
    concurrently elements: [Element], _ element: @Sendable (inout JSONWriter, Element) -> Void
  ) {
    let wanted = min(elements.count / 32, 64)
    guard wanted > 1 else { return array(elements, element) }
    open(UInt8(ascii: "["))
    let (depth, size) = (self.depth, (elements.count + wanted - 1) / wanted)
    let sliceCount = (elements.count + size - 1) / size  // none empty
    flush()
    let slices = Array(0..<sliceCount).concurrentMap { slice -> [String] in
      var writer = JSONWriter()
      (writer.depth, writer.empty) = (depth, slice == 0)
      for item in elements[(slice * size)..<min(elements.count, (slice + 1) * size)] {
        writer.newMember()
        element(&writer, item)
      }
      writer.flush()
      return writer.parts
    }
    for slice in slices { parts += slice }
    empty = false
    close(UInt8(ascii: "]"))
  }

  /// The finished document with a final newline, in the parts it was written in.
  mutating func finishParts() -> [String] {
    bytes.append(0x0A)
    flush()
    defer { parts = [] }
    return parts
  }

  /// The finished document with a final newline, as one text.
  mutating func finish() -> String {
    finishParts().joined()
  }

  private mutating func flush() {
    guard !bytes.isEmpty else { return }
    parts.append(String(decoding: bytes, as: UTF8.self))
    bytes.removeAll(keepingCapacity: true)
  }

  /// Starts an object member: the value follows.
  mutating func key(_ name: String) {
    newMember()
    string(name)
    separateValue()
  }

  /// Starts an object member named by a literal (no escape to look for).
  mutating func key(_ name: StaticString) {
    newMember()
    bytes.append(UInt8(ascii: "\""))
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: "\""))
    separateValue()
  }

  /// ` : ` between a key and its value.
  private mutating func separateValue() {
    bytes.append(0x20)
    bytes.append(UInt8(ascii: ":"))
    bytes.append(0x20)
  }

  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    // Most strings (keys, paths, names) need no escape: copied whole.
    let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
      for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      {
        return false
      }
      bytes.append(contentsOf: utf8)
      return true
    }
    if copied == true {
      bytes.append(UInt8(ascii: "\""))
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
      case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func int<I: BinaryInteger>(_ value: I) {
    guard let small = Int(exactly: value) else {
      bytes.append(contentsOf: String(value).utf8)
      return
    }
    if small < 0 { bytes.append(UInt8(ascii: "-")) }
    // Digits straight into the output, most significant first: no string per number.
    var magnitude = small.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
    }
  }

  /// Whole numbers without a fraction (`80`, as JSONEncoder writes them), others shortest.
  mutating func double(_ value: Double) {
    if value == value.rounded(), abs(value) < 1e15 {
      int(Int64(value))
    } else if let hundredths = Self.hundredths(value) {
      // A percentage to two decimals (most numbers of a report): its digits without a string;
      // the shortest form of the double nearest n/100 is n/100 itself, trailing zero dropped.
      if value < 0 { bytes.append(UInt8(ascii: "-")) }
      int(hundredths / 100)
      bytes.append(UInt8(ascii: "."))
      let fraction = hundredths % 100
      bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
      if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    } else {
      bytes.append(contentsOf: value.description.utf8)
    }
  }

  /// |value| × 100 when `value` is the double nearest a number of hundredths (below 10^13).
  private static func hundredths(_ value: Double) -> Int? {
    let magnitude = abs(value)
    guard magnitude < 1e13 else { return nil }
    let scaled = (magnitude * 100).rounded()
    return Double(scaled) / 100 == magnitude ? Int(scaled) : nil
  }

  mutating func bool(_ value: Bool) {
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  mutating func null() {
    bytes.append(contentsOf: "null".utf8)
  }

  /// `value` written by `write`, or `null`.
  mutating func optional<T>(_ value: T?, _ write: (inout JSONWriter, T) -> Void) {
    if let value { write(&self, value) } else { null() }
  }

  private mutating func open(_ bracket: UInt8) {
    bytes.append(bracket)
    depth += 1
    empty = true
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if empty { bytes.append(0x0A) }
    newline()
    bytes.append(bracket)
    empty = false
  }

  private mutating func newMember() {
    if bytes.count >= Self.flushSize { flush() }
    if !empty { bytes.append(UInt8(ascii: ",")) }
    empty = false
    newline()
  }

  private mutating func newline() {
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(0x20, count: depth * 2))
  }
}
