import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation

/// `covgate affected`'s output in each format.
struct AffectedOutput {
  let affected: AffectedTests
  let map: TestMap
  let base: String
  let mergeBase: String

  func text(_ format: AffectedCommand.Format) -> String {
    switch format {
    case .filter:
      Self.filter(
        tests: affected.tests.map(\.test.id), modules: affected.modules,
        everything: !affected.everything.isEmpty)
    case .list: affected.tests.map(\.test.id).joined(separator: "\n")
    case .json: json()
    }
  }

  /// One regular expression for `swift test --filter`: every selected test by its ID, and the
  /// whole of each test module whose files changed (new tests are not in the map yet); `.` (every
  /// test) when every test is needed (an empty `--filter` would run no XCTest test at all). An
  /// XCTest ID ends with `$`, so that `testBold` does not also select `testBoldInItalics`; a
  /// Swift Testing ID ends with its `)` already.
  static func filter(tests ids: [String], modules names: [String], everything: Bool) -> String {
    guard !everything else { return "." }
    let modules = names.map { TestCase.regexEscaped($0) + "\\." }
    let tests = ids.filter { id in !names.contains { id.hasPrefix($0 + ".") } }
      .map { TestCase.regexEscaped($0) + ($0.hasSuffix(")") ? "" : "$") }
    let parts = modules + tests
    // Nothing affected: a pattern no test ID matches, so that `swift test` runs none.
    return parts.isEmpty ? "^$" : "^(" + parts.joined(separator: "|") + ")"
  }

  private func json() -> String {
    let object: [String: Any] = [
      "base": base, "mergeBase": mergeBase, "mapCommit": map.commit,
      "everyTest": !affected.everything.isEmpty, "everyTestBecause": affected.everything,
      "testModules": affected.modules, "totalTests": map.tests.count, "ignored": affected.ignored,
      "tests": affected.tests.map {
        ["id": $0.test.id, "library": $0.test.library.rawValue, "reasons": $0.reasons]
      },
    ]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
      ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
