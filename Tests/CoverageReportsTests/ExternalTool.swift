import CoverageReports
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

  /// The first Chromium that runs; skips the test when there is none. A stub that only says how
  /// to install it (Ubuntu's snap wrapper without the snap) counts as not installed.
  static func chromium() throws -> String {
    for name in ["chromium", "chromium-browser", "google-chrome"] {
      let result = run(["sh", "-c", "command -v \(name)"])
      guard result.status == 0 else { continue }
      let path = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
      if run([path, "--version"]).status == 0 { return path }
    }
    throw XCTSkip("chromium is not installed (ci/install-deps.sh installs it)")
  }

  /// Opens `url` in headless Chromium and runs `steps` over the DevTools protocol
  /// (`ci/browser.py`): evaluations, key presses, fragment changes, window sizes. Returns the
  /// evaluations' values; fails on script errors and console errors.
  static func drive(
    _ url: String, _ steps: [[String: String]], file: StaticString = #filePath, line: UInt = #line
  ) throws -> [Any] {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ci/browser.py").path
    let stepsJSON = String(
      decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
    let run = run(["python3", script, try chromium(), url, stepsJSON])
    XCTAssertEqual(run.status, 0, run.output, file: file, line: line)
    let output = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], run.output)
    XCTAssertEqual(
      output["exceptions"] as? [String], [], "script errors or console errors", file: file,
      line: line)
    return output["results"] as? [Any] ?? []
  }

  /// Writes a rendered report to a fresh temporary folder, removed when the test ends.
  static func writeSite(_ files: [RenderedFile], for test: XCTestCase) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-html-\(UUID().uuidString)")
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    for file in files {
      let url = folder.appendingPathComponent(file.path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.contents.utf8).write(to: url)
    }
    return folder
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
