import CoverageModel
import CovgateSupport
import Foundation

/// Turns Swift's mangled function names into readable ones with the toolchain's demangler:
/// its `libswiftDemangle` loaded into the process, or its `swift-demangle` where the library is
/// not found.
///
/// Readable names are kept between runs in `cacheFolder` (keyed by the demangler's identity),
/// so a run demangles only names it has not seen; a large batch is split over two threads (or
/// two processes).
public struct Demangler: Sendable {
  let executable: String
  let cacheFolder: String?
  let runner: any CommandRunning
  let toolchainFolder: String
  /// Whether names are demangled in the process (no runner given).
  let inProcess: Bool
  /// Whether new names reach the cache on the late writes' thread (`LateWrites`), not before
  /// the names are returned.
  let savesCacheLater: Bool

  /// The demangler beside the toolchain's `swift` (its llvm-cov folder). A `runner` given runs
  /// `swift-demangle` through it instead of loading the library.
  public init(
    toolchainFolder: String, cacheFolder: String? = nil, runner: (any CommandRunning)? = nil,
    savesCacheLater: Bool = false
  ) {
    self.executable = "\(toolchainFolder)/swift-demangle"
    self.cacheFolder = cacheFolder
    self.runner = runner ?? LiveCommandRunner()
    self.toolchainFolder = toolchainFolder
    self.inProcess = runner == nil
    self.savesCacheLater = savesCacheLater
  }

  /// Readable names for `names`, in their order; a name that cannot be demangled stays as it
  /// is. Cached names are found by matching the cache's lines against the names' bytes: no
  /// name is hashed as a `String`, nor looked up again by the caller.
  public func readableNames(_ names: [String]) -> [String] {
    guard !names.isEmpty else { return [] }
    let table = NameTable(names)
    let cacheFile = cacheFile()
    let cache = cacheFile.flatMap { try? MappedFile(path: $0) }
    return withExtendedLifetime(cache) {
      var readable =
        cache.map { Self.cachedNames(table, in: $0.bytes) }
        ?? Array(repeating: nil, count: table.count)
      let missing = readable.indices.filter { readable[$0] == nil }
      if !missing.isEmpty, let found = demangleNow(missing.map { table.name(numbered: $0) }) {
        for (number, name) in zip(missing, found) { readable[number] = name }
        if let cacheFile {
          // Every name known, not only these: a run asking for a few keeps the others cached.
          let added = zip(missing, found).map { (table.name(numbered: $0), $1) }
          let save: @Sendable () -> Void = {
            withExtendedLifetime(cache) {
              let text = Self.cacheText(keeping: cache?.bytes, adding: added)
              try? text.withUnsafeBytes { try AtomicFile.write($0, to: cacheFile) }
            }
          }
          if savesCacheLater { LateWrites.enqueue(save) } else { save() }
        }
      }
      return names.indices.map { readable[table.number(ofNameAt: $0)] ?? names[$0] }
    }
  }

  /// The readable names the cache holds for `names`, in their order (nil for a name it lacks):
  /// a lookup alone, cheap enough to run beside other work before the names needed are known.
  public func cachedNames(_ names: [String]) -> [String?] {
    cacheFile().map { Self.cachedNames(names, inCache: $0) } ?? names.map { _ in nil }
  }

  /// Readable names for `names`; a name that cannot be demangled maps to itself.
  public func demangle(_ names: [String]) -> [String: String] {
    let cacheFile = cacheFile()
    // Every name cached, the usual case: the cache itself is the answer.
    let wanted = Set(names)
    let cached = cacheFile.map { Self.lookUp(wanted, inCache: $0) } ?? [:]
    guard cached.count < wanted.count else { return cached }
    let unique = Array(wanted)
    return Dictionary(uniqueKeysWithValues: zip(unique, readableNames(unique)))
  }

  /// Readable names of `names` in their order, by the library or by `swift-demangle`; nil if
  /// the demangler failed.
  private func demangleNow(_ names: [String]) -> [String]? {
    let symbols = names.map(Self.symbol(of:))
    // Loaded only now: a run whose names are all cached loads nothing.
    if inProcess,
      let library = SwiftDemangleLibrary.load(
        toolchainFolder: toolchainFolder, name: currentPlatform().demanglerLibraryName)
    {
      return library.readable(symbols)
    }
    let half = (symbols.count + 1) / 2
    let batches =
      symbols.count > 4000 ? [Array(symbols[..<half]), Array(symbols[half...])] : [symbols]
    let results = batches.concurrentMap { runDemangler($0) }
    guard results.allSatisfy({ $0 != nil }) else { return nil }
    return results.flatMap { $0! }
  }

  /// One `swift-demangle` process reading `symbols` from a file on its standard input (it
  /// demangles line by line); `nil` if it failed.
  private func runDemangler(_ symbols: [String]) -> [String]? {
    let list = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "covgate-names-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
      ).path
    defer { try? FileManager.default.removeItem(atPath: list) }
    let input = symbols.joined(separator: "\n") + "\n"
    guard FileManager.default.createFile(atPath: list, contents: Data(input.utf8)),
      let output = try? runner.capture(
        "/bin/sh", ["-c", "exec \"$0\" --compact --simplified < \"$1\"", executable, list], in: nil),
      output.exitCode == 0
    else { return nil }
    let lines = output.stdout.utf8.split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.count >= symbols.count else { return nil }
    return zip(symbols, lines).map { symbol, line in
      line.isEmpty ? symbol : String(decoding: line, as: UTF8.self)
    }
  }

  /// The cache of this demangler's names, if there is a cache folder.
  private func cacheFile() -> String? {
    cacheFolder.flatMap { folder in cacheKey().map { "\(folder)/demangled-\($0).tsv" } }
  }

  /// Each name's readable one in the cache at `path`, in the names' order: nil for a name it
  /// lacks, and for all when it cannot be read.
  static func cachedNames(_ names: [String], inCache path: String) -> [String?] {
    guard let file = try? MappedFile(path: path) else { return names.map { _ in nil } }
    let table = NameTable(names)
    let readable = withExtendedLifetime(file) { cachedNames(table, in: file.bytes) }
    return names.indices.map { readable[table.number(ofNameAt: $0)] }
  }

  /// Per distinct name of `table`, its readable name in the cache's `bytes`, if there.
  static func cachedNames(_ table: NameTable, in bytes: UnsafeBufferPointer<UInt8>) -> [String?] {
    var readable = [String?](repeating: nil, count: table.count)
    var found = 0
    var start = 0
    while start < bytes.count, found < table.count {
      let line = Self.line(at: start, in: bytes)
      if let tab = line.tab,
        let number = table.number(of: UnsafeBufferPointer(rebasing: bytes[start..<tab])),
        readable[number] == nil
      {
        readable[number] = text(bytes, (tab + 1)..<line.end)
        found += 1
      }
      start = line.end + 1
    }
    return readable
  }

  /// The cache's new text: the `kept` cache's lines (damaged ones dropped) and the `added`
  /// names, sorted by name, byte by byte, so that a few names can be found by halving.
  static func cacheText(
    keeping kept: UnsafeBufferPointer<UInt8>?, adding added: [(name: String, readable: String)]
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    var lines: [(start: Int, tab: Int, end: Int)] = []
    if let kept {
      bytes.reserveCapacity(kept.count)
      var start = 0
      while start < kept.count {
        let line = Self.line(at: start, in: kept)
        if let tab = line.tab {
          let offset = bytes.count
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: kept[start..<line.end]))
          lines.append((offset, offset + tab - start, bytes.count))
          bytes.append(UInt8(ascii: "\n"))
        }
        start = line.end + 1
      }
    }
    for (name, readable) in added {
      let offset = bytes.count
      bytes.append(contentsOf: name.utf8)
      let tab = bytes.count
      bytes.append(UInt8(ascii: "\t"))
      bytes.append(contentsOf: readable.utf8)
      lines.append((offset, tab, bytes.count))
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes.withUnsafeBufferPointer { all in
      lines.sort { first, second in
        precedes(
          UnsafeBufferPointer(rebasing: all[first.start..<first.tab]),
          UnsafeBufferPointer(rebasing: all[second.start..<second.tab]))
      }
      var text: [UInt8] = []
      text.reserveCapacity(all.count)
      for line in lines {
        text.append(contentsOf: UnsafeBufferPointer(rebasing: all[line.start...line.end]))
      }
      return text
    }
  }

  /// Whether `first` sorts before `second`, byte by byte, a prefix first.
  private static func precedes(
    _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    let common = min(first.count, second.count)
    let order = common == 0 ? 0 : memcmp(first.baseAddress!, second.baseAddress!, common)
    return order != 0 ? order < 0 : first.count < second.count
  }

  /// The demangler's identity (path, size, modification time): another toolchain, another cache.
  private func cacheKey() -> String? {
    RegularFile.identity(atPath: executable).map { fingerprint(Data($0.utf8)) }
  }

  /// The cached names among `wanted`. A few are each found by halving (the cache is written
  /// sorted: the ten names of a risk list cost a few dozen comparisons, not a read of every
  /// line); many are found in one pass over every line.
  static func lookUp(_ wanted: Set<String>, inCache path: String) -> [String: String] {
    // Mapped, not read: halving touches a few pages of the file, a pass copies nothing.
    guard let file = try? MappedFile(path: path) else { return [:] }
    return withExtendedLifetime(file) {
      wanted.count <= 64
        ? lookUpByHalving(wanted, in: file.bytes) : lookUpInOnePass(wanted, in: file.bytes)
    }
  }

  /// Each line's name checked against `wanted`; only the readable names of wanted ones are made.
  private static func lookUpInOnePass(_ wanted: Set<String>, in bytes: UnsafeBufferPointer<UInt8>)
    -> [String: String]
  {
    var names: [String: String] = [:]
    names.reserveCapacity(wanted.count)
    var start = 0
    while start < bytes.count {
      let line = Self.line(at: start, in: bytes)
      if let tab = line.tab {
        let name = Self.text(bytes, start..<tab)
        if wanted.contains(name) { names[name] = Self.text(bytes, (tab + 1)..<line.end) }
      }
      start = line.end + 1
    }
    return names
  }

  private static func lookUpByHalving(_ wanted: Set<String>, in bytes: UnsafeBufferPointer<UInt8>)
    -> [String: String]
  {
    var names: [String: String] = [:]
    for name in wanted {
      var key = name
      let found = key.withUTF8 { key in
        // The first line starting at or after `low` whose name is not below `key`.
        var (low, high) = (0, bytes.count)
        while low < high {
          let middle = (low + high) / 2
          let start = middle == 0 ? 0 : lineStart(after: middle - 1, in: bytes)
          guard start < bytes.count else {
            high = middle
            continue
          }
          let line = Self.line(at: start, in: bytes)
          let lineName = UnsafeBufferPointer(rebasing: bytes[start..<(line.tab ?? line.end)])
          if lineName.lexicographicallyPrecedes(key) { low = line.end + 1 } else { high = middle }
        }
        guard low < bytes.count else { return nil as String? }
        let start = low == 0 ? 0 : lineStart(after: low - 1, in: bytes)
        guard start < bytes.count else { return nil }
        let line = Self.line(at: start, in: bytes)
        guard let tab = line.tab, bytes[start..<tab].elementsEqual(key) else { return nil }
        return text(bytes, (tab + 1)..<line.end)
      }
      if let found { names[name] = found }
    }
    return names
  }

  /// The start of the first line after `offset`: just past the next newline at or after it.
  private static func lineStart(after offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    ByteSearch.offset(of: UInt8(ascii: "\n"), in: bytes, from: offset, to: bytes.count) + 1
  }

  /// The line starting at `start`: where it ends (its newline or the end) and its tab.
  private static func line(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
    end: Int, tab: Int?
  ) {
    let end = ByteSearch.offset(of: UInt8(ascii: "\n"), in: bytes, from: start, to: bytes.count)
    let tab = ByteSearch.offset(of: UInt8(ascii: "\t"), in: bytes, from: start, to: end)
    return (end, tab < end ? tab : nil)
  }

  private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// Private functions are exported as `File.swift:$s...`; the symbol is after the last colon.
  static func symbol(of name: String) -> String {
    var name = name
    let start = name.withUTF8 { bytes in
      lastOffset(of: Array(":$s".utf8), in: bytes) ?? lastOffset(of: Array(":_$s".utf8), in: bytes)
    }
    guard let start else { return name }
    return String(decoding: name.utf8.dropFirst(start + 1), as: UTF8.self)
  }

  /// Where the last occurrence of `needle` starts in `bytes` (byte comparison, no Foundation).
  private static func lastOffset(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    return stride(from: bytes.count - needle.count, through: 0, by: -1).first { start in
      bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle)
    }
  }
}
