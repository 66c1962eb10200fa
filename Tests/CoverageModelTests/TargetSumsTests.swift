import XCTest

@testable import CoverageModel

/// Summing by runs gives what summing file by file gives, however targets and layers interleave.
final class TargetSumsTests: XCTestCase {
  func testEqualsAFileByFileSumForInterleavedTargetsAndLayers() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let files = (0..<Int.random(in: 0...40, using: &generator)).map { index in
        ScopedFile(
          path: "Sources/\(index).swift",
          target: ["A", "B", "C"].randomElement(using: &generator)!,
          layer: ["core", "ui"].randomElement(using: &generator)!,
          coverage: FileCoverage(
            path: "/p/\(index).swift",
            summary: Summary(
              lines: Metric(covered: index % 7, count: index % 7 + index % 3),
              regions: Metric(covered: 1, count: 2 + index))))
      }
      var expected: [String: [String: (Summary, Int)]] = [:]
      for file in files {
        let previous = expected[file.layer, default: [:]][file.target] ?? (.zero, 0)
        expected[file.layer, default: [:]][file.target] = (
          previous.0 + file.summary, previous.1 + 1
        )
      }
      let sums = files.sumsByLayerAndTarget()
      XCTAssertEqual(Set(sums.keys), Set(expected.keys))
      for (layer, targets) in expected {
        XCTAssertEqual(Set(sums[layer]?.keys ?? [:].keys), Set(targets.keys))
        for (target, (total, count)) in targets {
          XCTAssertEqual(sums[layer]?[target]?.total, total, "\(layer) \(target)")
          XCTAssertEqual(sums[layer]?[target]?.files, count, "\(layer) \(target)")
        }
      }
    }
  }
}
