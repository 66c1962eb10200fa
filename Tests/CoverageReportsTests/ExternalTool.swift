import Foundation
import XCTest

/// Runs the tools that read covgate's reports in the renderer tests (xmllint, pycobertura,
/// junitparser); a test skips when its tool is missing (`ci/install-deps.sh` installs them).
enum ExternalTool {
  struct Result {
    var status: Int32
    var output: String
  }

  /// Runs a command through `/usr/bin/env`; its exit status and combined output.
  @discardableResult
  static func run(_ arguments: [String]) -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
      try process.run()
    } catch {
      return Result(status: -1, output: "\(error)")
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
  }

  /// Skips the test unless `command` is on PATH.
  static func require(_ command: String) throws {
    guard run(["sh", "-c", "command -v \(command)"]).status == 0 else {
      throw XCTSkip("\(command) is not installed (ci/install-deps.sh installs it)")
    }
  }

  /// Skips the test unless python3 can import `module`.
  static func requirePython(_ module: String) throws {
    guard run(["python3", "-c", "import \(module)"]).status == 0 else {
      throw XCTSkip("python3 with \(module) is not installed (ci/install-deps.sh installs it)")
    }
  }

  /// Writes `contents` to a fresh temporary folder; the file's path. The folder is removed
  /// when the test ends.
  static func write(_ contents: String, named name: String, for test: XCTestCase) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(name)
    try Data(contents.utf8).write(to: url)
    return url.path
  }

  /// A file of `Fixtures/`.
  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name).path
  }
}
