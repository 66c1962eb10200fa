import CoverageModel
import CovgateSupport

/// A token of Swift source worth colouring: its byte range in the file and what it is.
struct SyntaxToken: Equatable, Sendable {
  enum Kind: UInt8, Sendable {
    case keyword, string, comment, number, attribute

    /// The span that opens a token of this kind, `<span class=k>` (a literal: a page has many).
    var openingTag: StaticString {
      switch self {
      case .keyword: "<span class=k>"
      case .string: "<span class=s>"
      case .comment: "<span class=c>"
      case .number: "<span class=n>"
      case .attribute: "<span class=a>"
      }
    }

    /// The one-letter class the stylesheet colours (`k`, `s`, `c`, `n`, `a`): a page has many.
    var className: String {
      switch self {
      case .keyword: "k"
      case .string: "s"
      case .comment: "c"
      case .number: "n"
      case .attribute: "a"
      }
    }
  }

  var range: Range<Int>
  var kind: Kind
}

/// A small lexer of Swift source for colouring file pages, over the UTF-8 bytes.
///
/// It knows comments (nested `/* */` too), string literals (multi-line, raw `#"…"#`, with
/// interpolations lexed as code), numbers, reserved keywords, `@attributes` and `#directives`.
/// Anything else, including regex literals and contextual keywords, stays plain: a wrong colour
/// would mislead more than none. Tokens of one kind separated only by spaces are joined, so a
/// page carries fewer tags.
struct SwiftTokenizer {
  /// The source, read in place (a page's source is lexed byte by byte).
  private let bytes: UnsafeBufferPointer<UInt8>
  /// `byteClasses`, looked up once per byte instead of comparing it with each case.
  private let classes = Self.byteClasses
  private var tokens: [SyntaxToken] = []
  /// Interpolations nest at most this deep; deeper ones stay part of their string.
  private static let maximumDepth = 16

  /// The tokens of source bytes read in place.
  static func tokens(in bytes: UnsafeBufferPointer<UInt8>) -> [SyntaxToken] {
    var tokenizer = SwiftTokenizer(bytes: bytes)
    _ = tokenizer.code(from: 0, depth: 0)
    return tokenizer.tokens
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Lexes code from `start` to the end, or, inside an interpolation (`depth` > 0), to its
  /// closing parenthesis; returns the offset after it.
  private mutating func code(from start: Int, depth: Int) -> Int {
    var position = start
    var parentheses = 0
    while position < bytes.count {
      // Spaces, operators and punctuation (most bytes that are not names) start nothing: skipped
      // in a loop of their own, over locals (the tokens appended below could alias `self`).
      position = skipped(from: position)
      guard position < bytes.count else { break }
      let byte = bytes[position]
      switch byte {
      case ascii("("):
        parentheses += 1
        position += 1
      case ascii(")"):
        if depth > 0, parentheses == 0 { return position + 1 }
        parentheses -= 1
        position += 1
      case ascii("/") where peek(position + 1) == ascii("/"):
        position = lineComment(from: position)
      case ascii("/") where peek(position + 1) == ascii("*"):
        position = blockComment(from: position)
      case ascii("\""):
        position = string(from: position, hashes: 0, depth: depth)
      case ascii("#"):
        position = hash(from: position, depth: depth)
      case ascii("@") where isIdentifierStart(peek(position + 1)):
        let end = identifierEnd(from: position + 1)
        add(position..<end, .attribute)
        position = end
      case ascii("0")...ascii("9"):
        position = number(from: position)
      case ascii("`"):
        position = escapedIdentifier(from: position)
      default:
        if isIdentifierStart(byte) {
          let end = identifierEnd(from: position)
          if !followsDot(position), Self.isKeyword(bytes[position..<end]) {
            add(position..<end, .keyword)
          }
          position = end
        } else {
          position += 1
        }
      }
    }
    return position
  }

  private mutating func lineComment(from start: Int) -> Int {
    // memchr: documentation comments are much of a source.
    let end = ByteSearch.offset(of: ascii("\n"), in: bytes, from: start, to: bytes.count)
    add(start..<end, .comment)
    return end
  }

  /// A `/* */` comment, nested ones included; an unclosed one runs to the end of the file.
  private mutating func blockComment(from start: Int) -> Int {
    var position = start + 2
    var level = 1
    while position < bytes.count, level > 0 {
      if bytes[position] == ascii("/"), peek(position + 1) == ascii("*") {
        level += 1
        position += 2
      } else if bytes[position] == ascii("*"), peek(position + 1) == ascii("/") {
        level -= 1
        position += 2
      } else {
        position += 1
      }
    }
    add(start..<position, .comment)
    return position
  }

  /// `#` opens a raw string (`#"`), a directive or macro (`#if`, `#available`), or nothing.
  private mutating func hash(from start: Int, depth: Int) -> Int {
    var end = start
    while end < bytes.count, bytes[end] == ascii("#") { end += 1 }
    if end < bytes.count, bytes[end] == ascii("\"") {
      return string(from: start, hashes: end - start, depth: depth)
    }
    if end == start + 1, isIdentifierStart(peek(end)) {
      let wordEnd = identifierEnd(from: end)
      add(start..<wordEnd, .attribute)
      return wordEnd
    }
    return end
  }

  /// A string literal starting at `start` (its `#`s, then `"` or `"""`); interpolations are
  /// lexed as code. A single-line string ends at the end of its line if it is not closed.
  private mutating func string(from start: Int, hashes: Int, depth: Int) -> Int {
    let quote = start + hashes
    let multiline = peek(quote + 1) == ascii("\"") && peek(quote + 2) == ascii("\"")
    var position = quote + (multiline ? 3 : 1)
    var pieceStart = start
    while position < bytes.count {
      let byte = bytes[position]
      if byte == ascii("\n"), !multiline { break }
      if byte == ascii("\\"), hashesFollow(position + 1, count: hashes) {
        let escaped = position + 1 + hashes
        if peek(escaped) == ascii("("), depth < Self.maximumDepth {
          add(pieceStart..<escaped + 1, .string)
          let close = code(from: escaped + 1, depth: depth + 1)
          // The interpolation's `)` belongs to the string again.
          pieceStart = close > escaped + 1 && bytes[close - 1] == ascii(")") ? close - 1 : close
          position = close
        } else {
          position = min(escaped + 1, bytes.count)
        }
        continue
      }
      if byte == ascii("\""), closes(at: position, multiline: multiline, hashes: hashes) {
        position += (multiline ? 3 : 1) + hashes
        break
      }
      position += 1
    }
    add(pieceStart..<min(position, bytes.count), .string)
    return min(position, bytes.count)
  }

  private func closes(at position: Int, multiline: Bool, hashes: Int) -> Bool {
    if multiline, peek(position + 1) != ascii("\"") || peek(position + 2) != ascii("\"") {
      return false
    }
    return hashesFollow(position + (multiline ? 3 : 1), count: hashes)
  }

  private func hashesFollow(_ position: Int, count: Int) -> Bool {
    guard position + count <= bytes.count else { return false }
    return bytes[position..<position + count].allSatisfy { $0 == ascii("#") }
  }

  /// A number literal: digits, `_`, letters for hex, binary and octal digits and exponents, a
  /// fraction when a digit follows the dot, and the exponent's sign.
  private mutating func number(from start: Int) -> Int {
    let hex = peek(start + 1) == ascii("x")
    var position = start + 1
    while position < bytes.count {
      let byte = bytes[position]
      if isIdentifierPart(byte) {
        position += 1
      } else if byte == ascii("."), isDigit(peek(position + 1)) {
        position += 1
      } else if byte == ascii("+") || byte == ascii("-"), isExponent(bytes[position - 1], hex) {
        position += 1
      } else {
        break
      }
    }
    add(start..<position, .number)
    return position
  }

  private func isExponent(_ byte: UInt8, _ hex: Bool) -> Bool {
    hex ? byte == ascii("p") || byte == ascii("P") : byte == ascii("e") || byte == ascii("E")
  }

  /// `` `class` `` is a name, never a keyword.
  private func escapedIdentifier(from start: Int) -> Int {
    var position = start + 1
    while position < bytes.count, bytes[position] != ascii("`"), bytes[position] != ascii("\n") {
      position += 1
    }
    return position < bytes.count && bytes[position] == ascii("`") ? position + 1 : position
  }

  /// `.default` and `.init` are members, not keywords.
  private func followsDot(_ position: Int) -> Bool {
    position > 0 && bytes[position - 1] == ascii(".")
  }

  private func identifierEnd(from start: Int) -> Int {
    let (base, count, classes) = (bytes.baseAddress!, bytes.count, classes)
    var end = start
    while end < count, classes[Int(base[end])] & Self.namePart != 0 { end += 1 }
    return end
  }

  /// The first offset from `start` whose byte may start something (`count` if none).
  private func skipped(from start: Int) -> Int {
    let (base, count, classes) = (bytes.baseAddress!, bytes.count, classes)
    var position = start
    while position < count, classes[Int(base[position])] & Self.startsSomething == 0 {
      position += 1
    }
    return position
  }

  /// Adds a token, joined to the previous one when it has the same kind and only spaces or tabs
  /// lie between them.
  private mutating func add(_ range: Range<Int>, _ kind: SyntaxToken.Kind) {
    guard !range.isEmpty else { return }
    if let last = tokens.last, last.kind == kind, last.range.upperBound <= range.lowerBound,
      bytes[last.range.upperBound..<range.lowerBound].allSatisfy({
        $0 == ascii(" ") || $0 == ascii("\t")
      })
    {
      tokens[tokens.count - 1].range = last.range.lowerBound..<range.upperBound
    } else {
      tokens.append(SyntaxToken(range: range, kind: kind))
    }
  }

  private func peek(_ position: Int) -> UInt8 { position < bytes.count ? bytes[position] : 0 }
}

private func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }

extension SwiftTokenizer {
  /// `byteClasses` bit: the byte can be part of a name.
  fileprivate static let namePart: UInt8 = 1
  /// `byteClasses` bit: the byte can start a token, a name or a nesting (`code` looks at it).
  fileprivate static let startsSomething: UInt8 = 2

  /// Per byte value, its `namePart` and `startsSomething` bits (made once, never freed).
  // Written only by its initializer, then only read: safe to share between threads.
  nonisolated(unsafe) fileprivate static let byteClasses: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    let starters = Set("()/\"#@`".utf8)
    for value in 0...255 {
      let byte = UInt8(value)
      var bits: UInt8 = isIdentifierPart(byte) ? namePart : 0
      if isIdentifierStart(byte) || isDigit(byte) || starters.contains(byte) {
        bits |= startsSomething
      }
      table[value] = bits
    }
    return UnsafePointer(table)
  }()
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }

/// Letters, `_`, `$` and every byte of a non-ASCII character start a name.
private func isIdentifierStart(_ byte: UInt8) -> Bool {
  (byte | 0x20 >= ascii("a") && byte | 0x20 <= ascii("z")) || byte == ascii("_")
    || byte == ascii("$") || byte >= 0x80
}

private func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

extension SwiftTokenizer {
  /// Swift's reserved words and the few contextual ones that are never names in practice.
  static let keywordList = """
    associatedtype class deinit enum extension fileprivate func import init inout internal let \
    operator private precedencegroup protocol public rethrows static struct subscript typealias \
    var break case catch continue default defer do else fallthrough for guard if in repeat \
    return throw throws switch where while as Any false is nil self Self super true try await \
    async some any mutating nonmutating override final lazy weak unowned convenience required \
    nonisolated indirect
    """.split(separator: " ").map { Array($0.utf8) }

  /// The keywords packed (see `packed`), by length and first byte: a word is compared with the
  /// few of its length and initial, never hashed.
  private static let keywordTable: [[Packed]] = {
    var table = [[Packed]](repeating: [], count: 17 * 256)
    for word in keywordList { table[word.count * 256 + Int(word[0])].append(packed(word[...])) }
    return table
  }()

  static func isKeyword<Word: Collection<UInt8>>(_ word: Word) -> Bool {
    guard word.count >= 2, word.count <= 16, let first = word.first else { return false }
    let candidates = keywordTable[word.count * 256 + Int(first)]
    guard !candidates.isEmpty else { return false }
    return candidates.contains(packed(word))
  }

  /// A word of at most 16 bytes as two numbers, zero-filled.
  private struct Packed: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0
  }

  private static func packed<Word: Collection<UInt8>>(_ word: Word) -> Packed {
    var value = Packed()
    for (index, byte) in word.enumerated() {
      if index < 8 {
        value.low |= UInt64(byte) << (8 * index)
      } else {
        value.high |= UInt64(byte) << (8 * (index - 8))
      }
    }
    return value
  }
}
