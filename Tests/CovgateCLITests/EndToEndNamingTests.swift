import Foundation
import XCTest

/// End-to-end tests are told apart by name, so that `swift test --skip EndToEndTests` runs the
/// unit tests alone and `swift test --filter EndToEndTests` the rest: a test class that runs the
/// built covgate or builds and tests a package with `swift` is named `…EndToEndTests`.
final class EndToEndNamingTests: XCTestCase {
  /// Tests/, found from this file's place in the checkout.
  private static let tests = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()

  func testEveryClassThatRunsCovgateOrSwiftIsNamedEndToEnd() throws {
    var misnamed: [String] = []
    let files = FileManager.default.enumerator(at: Self.tests, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift", !file.path.contains("/Fixtures/"),
        file.path != URL(fileURLWithPath: #filePath).path
      else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      guard Self.runsTheToolOrAPackage(text) else { continue }
      for name in Self.testClasses(text) where !name.hasSuffix("EndToEndTests") {
        misnamed.append("\(file.lastPathComponent): \(name)")
      }
    }
    XCTAssertEqual(misnamed, [], "rename these classes …EndToEndTests")
  }

  func testTheRuleSeesBothKindsOfRun() {
    XCTAssertTrue(Self.runsTheToolOrAPackage("let out = try CLIHarness.run([\"check\"])"))
    XCTAssertTrue(
      Self.runsTheToolOrAPackage("process.arguments = [\"swift\", \"test\", \"--package-path\", p]")
    )
    XCTAssertFalse(Self.runsTheToolOrAPackage("let swift = \"swift\"; XCTAssertEqual(1, 1)"))
    XCTAssertEqual(
      Self.testClasses("final class AThing: XCTestCase {}\nclass Other : XCTestCase {}"),
      ["AThing", "Other"])
  }

  /// Whether a test source runs the built covgate (`CLIHarness`) or `swift build`/`test`/`run`.
  static func runsTheToolOrAPackage(_ text: String) -> Bool {
    text.contains("CLIHarness.run") || text.contains("CLIHarness.succeed")
      || text.contains("CLIHarness.covgate")
      || text.range(of: #""swift",\s*"(test|build|run)""#, options: .regularExpression) != nil
  }

  /// The names of the XCTestCase classes a source declares at the start of a line (not those in
  /// a string that writes a package's test).
  static func testClasses(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      guard let match = line.firstMatch(of: /^(?:final )?class (\w+) ?: XCTestCase/) else {
        return nil
      }
      return String(match.1)
    }
  }
}
