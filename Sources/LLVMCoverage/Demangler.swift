import Foundation

/// Turns Swift's mangled function names into readable ones with the toolchain's `swift-demangle`.
public struct Demangler: Sendable {
  let executable: String
  let runner: any CommandRunning

  /// The demangler beside the toolchain's `swift` (its llvm-cov folder).
  public init(toolchainFolder: String, runner: any CommandRunning = LiveCommandRunner()) {
    self.executable = "\(toolchainFolder)/swift-demangle"
    self.runner = runner
  }

  /// Readable names for `names`; a name that cannot be demangled maps to itself.
  ///
  /// One `swift-demangle` process reads all names from a file on its standard input (it
  /// demangles line by line), however many there are.
  public func demangle(_ names: [String]) -> [String: String] {
    let unique = Array(Set(names)).sorted()
    var result = Dictionary(uniqueKeysWithValues: unique.map { ($0, $0) })
    guard !unique.isEmpty else { return result }
    let list = FileManager.default.temporaryDirectory
      .appendingPathComponent("covgate-names-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))").path
    defer { try? FileManager.default.removeItem(atPath: list) }
    let symbols = unique.map(Self.symbol(of:)).joined(separator: "\n") + "\n"
    guard FileManager.default.createFile(atPath: list, contents: Data(symbols.utf8)),
      let output = try? runner.capture(
        "/bin/sh", ["-c", "exec \"$0\" --compact --simplified < \"$1\"", executable, list], in: nil),
      output.exitCode == 0
    else { return result }
    let lines = output.stdout.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.count >= unique.count else { return result }
    for (name, line) in zip(unique, lines) where !line.isEmpty {
      result[name] = String(decoding: line, as: UTF8.self)
    }
    return result
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
