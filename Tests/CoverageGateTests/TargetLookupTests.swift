import CoverageModel
import XCTest

@testable import CoverageGate

/// The memo of the last folder answers as a fresh lookup does, whatever order files come in.
final class TargetLookupTests: XCTestCase {
  func testTheMemoAnswersAsAFreshLookup() {
    let lookup = TargetLookup(TestPackage.package.targets)
    let folders = [
      "", "Sources", "Sources/Core", "Sources/Core/Gen", "Sources/Core/Nested",
      "Sources/Core/Nested/Deep", "Sources/CoreUI", "Sources/Cor", "Sources/App", "Tests/CoreTests",
      "Elsewhere/Core",
    ]
    let paths = folders.flatMap { folder in
      ["A.swift", "b.swift"].map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
    }
    var generator = SystemRandomNumberGenerator()
    for order in [paths.sorted(), paths.shuffled(using: &generator), paths.reversed()] {
      var memo = TargetLookup.Memo()
      for path in order {
        XCTAssertEqual(
          lookup.target(of: path, memo: &memo)?.name, lookup.target(of: path)?.name, path)
      }
    }
    XCTAssertEqual(lookup.target(of: "Sources/Core/Nested/Deep/A.swift")?.name, "Nested")
    XCTAssertEqual(lookup.target(of: "Sources/Core/Gen/A.swift")?.name, "Core")
    XCTAssertNil(lookup.target(of: "Sources/Cor/A.swift"))
    XCTAssertNil(lookup.target(of: "A.swift"))
  }
}
