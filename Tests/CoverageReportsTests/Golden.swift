import Foundation
import XCTest

/// Golden files in `Golden/` next to this file: compared, or re-recorded with `RECORD_GOLDEN=1`.
enum Golden {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

  /// Fails when `actual` differs from `Golden/<name>`; writes it instead when recording.
  static func assertMatches(
    _ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let url = folder.appendingPathComponent(name)
    if isRecording {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url, options: .atomic)
      throw XCTSkip("recorded \(url.path); check it by eye, then run without RECORD_GOLDEN")
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      XCTFail(
        "no golden file \(url.path); record it with RECORD_GOLDEN=1 swift test --filter CoverageReportsTests",
        file: file, line: line)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard actual != expected else { return }
    let actualURL = FileManager.default.temporaryDirectory.appendingPathComponent("actual-\(name)")
    try? Data(actual.utf8).write(to: actualURL)
    XCTFail(
      "\(name) differs from the golden file: \(firstDifference(expected, actual)); "
        + "see `diff \(url.path) \(actualURL.path)`, and re-record with RECORD_GOLDEN=1 if the change is intended",
      file: file, line: line)
  }

  /// The first line that differs, as `line N: expected "…", got "…"`.
  static func firstDifference(_ expected: String, _ actual: String) -> String {
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = actual.components(separatedBy: "\n")
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let want = index < expectedLines.count ? expectedLines[index] : "<end of file>"
      let got = index < actualLines.count ? actualLines[index] : "<end of file>"
      if want != got { return "line \(index + 1): expected \"\(want)\", got \"\(got)\"" }
    }
    return "same lines"
  }
}
