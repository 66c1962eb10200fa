import Foundation

/// Turns Swift's mangled function names into readable ones with the toolchain's `swift-demangle`.
public struct Demangler: Sendable {
  let executable: String
  let runner: any CommandRunning
  /// Names per `swift-demangle` call, well under the argument-length limit.
  static let batchSize = 500

  /// The demangler beside the toolchain's `swift` (its llvm-cov folder).
  public init(toolchainFolder: String, runner: any CommandRunning = LiveCommandRunner()) {
    self.executable = "\(toolchainFolder)/swift-demangle"
    self.runner = runner
  }

  /// Readable names for `names`; a name that cannot be demangled maps to itself.
  public func demangle(_ names: [String]) -> [String: String] {
    var result: [String: String] = [:]
    let unique = Array(Set(names)).sorted()
    for start in stride(from: 0, to: unique.count, by: Self.batchSize) {
      let batch = Array(unique[start..<min(start + Self.batchSize, unique.count)])
      let symbols = batch.map(Self.symbol(of:))
      guard let output = try? runner.capture(executable, ["--compact", "--simplified"] + symbols, in: nil),
        output.exitCode == 0
      else { continue }
      let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for (name, line) in zip(batch, lines) where !line.isEmpty {
        result[name] = line
      }
    }
    for name in unique where result[name] == nil { result[name] = name }
    return result
  }

  /// Private functions are exported as `File.swift:$s...`; the symbol is after the last colon.
  static func symbol(of name: String) -> String {
    guard let colon = name.range(of: ":$s", options: .backwards) ?? name.range(of: ":_$s", options: .backwards) else {
      return name
    }
    return String(name[name.index(after: colon.lowerBound)...])
  }
}
