/// Edits to an export's text driven by fuzz bytes: each edit is 4 bytes (what, which token,
/// two bytes of value) and changes one number or one path string of the export.
struct ExportEdits {
  /// Where each number and each string of the base text lies.
  private let text: [UInt8]
  private let numbers: [Range<Int>]
  private let strings: [Range<Int>]

  /// Values no real export has, and the edges of the ranges covgate accepts.
  static let specials = [
    "0", "1", "-1", "-0", "1.5", "1e3", "2147483648", "4294967295", "4294967296", "49999999",
    "50000000",
    "9007199254740993", "9223372036854775807", "9223372036854775808", "18446744073709551615",
    "18446744073709551616", String(repeating: "9", count: 40), String(repeating: "7", count: 300),
  ]
  /// Pieces a path can gain.
  static let pathPieces = ["../", "./", "//", "/..", "/.", "../../../../tmp/", "Sources/", "/src/"]

  init(_ base: String) {
    text = Array(base.utf8)
    var numbers: [Range<Int>] = []
    var strings: [Range<Int>] = []
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: "\"") {
        var end = index + 1
        while end < text.count, text[end] != UInt8(ascii: "\"") {
          end += text[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        if text[index + 1] == UInt8(ascii: "/") { strings.append((index + 1)..<end) }
        index = end + 1
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        var end = index
        while end < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[end]) {
          end += 1
        }
        numbers.append(index..<end)
        index = end
      } else {
        index += 1
      }
    }
    self.numbers = numbers
    self.strings = strings
  }

  /// The base text with the edits `input` describes.
  func apply(_ input: [UInt8]) -> String {
    var replacements: [Int: (Range<Int>, [UInt8])] = [:]
    var offset = 0
    while offset + 4 <= input.count {
      let (what, which, a, b) = (
        input[offset], Int(input[offset + 1]), input[offset + 2], input[offset + 3]
      )
      offset += 4
      switch what % 4 {
      case 0:
        let range = numbers[which % numbers.count]
        replacements[range.lowerBound] = (
          range, Array(Self.specials[Int(a) % Self.specials.count].utf8)
        )
      case 1:
        let range = numbers[which % numbers.count]
        replacements[range.lowerBound] = (range, Array(String(Int(a) << 8 | Int(b)).utf8))
      case 2:
        let range = numbers[which % numbers.count]
        let other = numbers[(which + Int(a)) % numbers.count]
        replacements[range.lowerBound] = (range, Array(text[other]))
      default:
        let range = strings[which % strings.count]
        var path = replacements[range.lowerBound]?.1 ?? Array(text[range])
        let at = Int(b) % (path.count + 1)
        path.insert(contentsOf: Array(Self.pathPieces[Int(a) % Self.pathPieces.count].utf8), at: at)
        replacements[range.lowerBound] = (range, path)
      }
    }
    var result: [UInt8] = []
    var position = 0
    for (_, (range, bytes)) in replacements.sorted(by: { $0.key < $1.key }) {
      result += text[position..<range.lowerBound]
      result += bytes
      position = range.upperBound
    }
    result += text[position...]
    return String(decoding: result, as: UTF8.self)
  }
}
