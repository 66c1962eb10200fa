import CoverageModel
import Foundation

/// A test of a test binary, as its testing library lists it.
public struct TestCase: Sendable, Hashable {
  public var id: String
  public var library: TestCaseResult.Library
  /// The test executable that holds it.
  public var binary: String

  public init(id: String, library: TestCaseResult.Library, binary: String) {
    self.id = id
    self.library = library
    self.binary = binary
  }

  /// Swift Testing's `--filter` is a regular expression over test IDs, which go on past the
  /// listed name (`.../californiaTax()/File.swift:5:3`): the name is matched from the start.
  public static func regexEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}

/// Lists the tests of test binaries, XCTest's and Swift Testing's, as the platform lists them.
public struct TestListing: Sendable {
  let runner: any CommandRunning
  let platform: any Platform

  public init(runner: any CommandRunning = LiveCommandRunner(), platform: any Platform) {
    self.runner = runner
    self.platform = platform
  }

  /// Every test of `binary` of `library`, in the order the library lists them; `directory` is
  /// where the listing runs (and may write).
  public func tests(in binary: String, library: TestCaseResult.Library, directory: String)
    throws -> [TestCase]
  {
    let listing = try platform.listing(of: binary, library: library, scratch: directory)
    let command = listing.command
    let result = try runner.capture(
      command.executable, command.arguments, in: directory, environment: command.environment)
    // Swift Testing exits 69 (EX_UNAVAILABLE) when the binary holds none of its tests.
    if library == .swiftTesting, result.exitCode == 69 { return [] }
    guard result.exitCode == 0 else {
      throw ToolchainError.commandFailed(
        command: "\(command.executable) \(command.arguments.joined(separator: " "))",
        exitCode: result.exitCode,
        detail: result.stderr.split(separator: "\n").first.map(String.init) ?? "no output")
    }
    let ids: [String]
    switch listing.output {
    case .lines: ids = Self.ids(in: result.stdout)
    case .xctestHelperJSON(let path):
      defer { try? FileManager.default.removeItem(atPath: path) }
      ids = try XCTestHelperListing.ids(in: Data(contentsOf: URL(fileURLWithPath: path)))
    }
    // A binary built without Swift Testing's own entry point answers its listing with the
    // XCTest list (seen with Ink 0.6.0): a Swift Testing test is a function, listed with its
    // parameter list; an XCTest ID never ends with one.
    let listed = library == .swiftTesting ? ids.filter { $0.hasSuffix(")") } : ids
    return listed.map { TestCase(id: $0, library: library, binary: binary) }
  }

  /// The test IDs in a listing: lines like `Module.Type/name`, other lines (headers) skipped.
  static func ids(in listing: String) -> [String] {
    listing.split(separator: "\n").compactMap { line in
      let id = line.trimmingCharacters(in: .whitespaces)
      // `Module.Type/name` (XCTest, Swift Testing suites) or `Module.name()` (a free test function).
      guard id.contains("."), id.contains("/") || id.hasSuffix(")"),
        !id.contains(" ") || id.contains("(")
      else { return nil }
      return id
    }
  }
}
