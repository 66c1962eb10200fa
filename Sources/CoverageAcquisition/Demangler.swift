import CoverageModel
import Foundation

/// Turns Swift's mangled function names into readable ones with the toolchain's `swift-demangle`.
///
/// Readable names are kept between runs in `cacheFolder` (keyed by the demangler's identity),
/// so a run demangles only names it has not seen; a large batch is split over two processes.
public struct Demangler: Sendable {
  let executable: String
  let cacheFolder: String?
  let runner: any CommandRunning

  /// The demangler beside the toolchain's `swift` (its llvm-cov folder).
  public init(
    toolchainFolder: String, cacheFolder: String? = nil,
    runner: any CommandRunning = LiveCommandRunner()
  ) {
    self.executable = "\(toolchainFolder)/swift-demangle"
    self.cacheFolder = cacheFolder
    self.runner = runner
  }

  /// Readable names for `names`, in their order; a name that cannot be demangled stays as it
  /// is. When the cache holds every name (the usual case) its lines are matched against the
  /// names' bytes: no name is hashed as a `String`, nor looked up again by the caller.
  public func readableNames(_ names: [String]) -> [String] {
    let cacheFile = cacheFile()
    if let cacheFile, let found = Self.lookUpAll(names, inCache: cacheFile) { return found }
    // Some name is missing: the cache is not looked up a second time on the way.
    let readable = demangleMissing(names, cacheFile: cacheFile)
    return names.map { readable[$0] ?? $0 }
  }

  /// Readable names for `names`; a name that cannot be demangled maps to itself.
  public func demangle(_ names: [String]) -> [String: String] {
    let cacheFile = cacheFile()
    // Every name cached, the usual case: the cache itself is the answer.
    let wanted = Set(names)
    let cached = cacheFile.map { Self.lookUp(wanted, inCache: $0) } ?? [:]
    guard cached.count < wanted.count else { return cached }
    return demangleMissing(names, cacheFile: cacheFile)
  }

  /// Every name's readable one: the cache's, and the names it lacks demangled now (the cache
  /// then written with them all).
  private func demangleMissing(_ names: [String], cacheFile: String?) -> [String: String] {
    guard !names.isEmpty else { return [:] }
    var known = cacheFile.map { Self.readCache($0) } ?? [:]
    let unique = Array(Set(names))
    let missing = unique.filter { known[$0] == nil }
    let half = (missing.count + 1) / 2
    let batches =
      missing.count > 4000 ? [Array(missing[..<half]), Array(missing[half...])] : [missing]
    let results = batches.concurrentMap { demangleNow($0) }
    for result in results { known.merge(result ?? [:]) { old, _ in old } }
    if let cacheFile, results.allSatisfy({ $0 != nil }) {
      // Every name known, not only these: a run asking for a few names keeps the others cached.
      let lines = known.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }
      try? AtomicFile.write(lines.joined(), to: cacheFile)
    }
    return Dictionary(uniqueKeysWithValues: unique.map { ($0, known[$0] ?? $0) })
  }

  /// One `swift-demangle` process reading `names` from a file on its standard input (it
  /// demangles line by line); `nil` if it failed.
  private func demangleNow(_ names: [String]) -> [String: String]? {
    let list = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "covgate-names-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
      ).path
    defer { try? FileManager.default.removeItem(atPath: list) }
    let symbols = names.map(Self.symbol(of:)).joined(separator: "\n") + "\n"
    guard FileManager.default.createFile(atPath: list, contents: Data(symbols.utf8)),
      let output = try? runner.capture(
        "/bin/sh", ["-c", "exec \"$0\" --compact --simplified < \"$1\"", executable, list], in: nil),
      output.exitCode == 0
    else { return nil }
    let lines = output.stdout.utf8.split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.count >= names.count else { return nil }
    var result: [String: String] = [:]
    for (name, line) in zip(names, lines) {
      result[name] = line.isEmpty ? name : String(decoding: line, as: UTF8.self)
    }
    return result
  }

  /// The cache of this demangler's names, if there is a cache folder.
  private func cacheFile() -> String? {
    cacheFolder.flatMap { folder in cacheKey().map { "\(folder)/demangled-\($0).tsv" } }
  }

  /// Every name's readable one from the cache, in the names' order; nil when the cache lacks
  /// any of them (or cannot be read).
  static func lookUpAll(_ names: [String], inCache path: String) -> [String]? {
    guard let file = try? MappedFile(path: path) else { return nil }
    return withExtendedLifetime(file) {
      let bytes = file.bytes
      let table = NameTable(names)
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
      guard found == table.count else { return nil }
      return names.indices.map { readable[table.number(ofNameAt: $0)]! }
    }
  }

  /// The demangler's identity (path, size, modification time): another toolchain, another cache.
  private func cacheKey() -> String? {
    RegularFile.identity(atPath: executable).map { fingerprint(Data($0.utf8)) }
  }

  /// Every `mangled<TAB>readable` line; a damaged or missing cache reads as empty.
  static func readCache(_ path: String) -> [String: String] {
    guard let bytes = RegularFile.bytes(atPath: path) else { return [:] }
    return bytes.withUnsafeBufferPointer { bytes in
      var names: [String: String] = [:]
      names.reserveCapacity(bytes.count / 100)  // lines are 100-200 bytes
      var start = 0
      while start < bytes.count {
        let line = Self.line(at: start, in: bytes)
        if let tab = line.tab {
          names[Self.text(bytes, start..<tab)] = Self.text(bytes, (tab + 1)..<line.end)
        }
        start = line.end + 1
      }
      return names
    }
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
