import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation

/// `covgate affected`'s output in each format, and why the selection is what it is.
public struct AffectedOutput {
  let affected: AffectedTests
  let map: TestMap
  let base: String
  let mergeBase: String

  /// filter (one argument for `swift test --filter`), list (one test ID a line) or json (with
  /// reasons).
  public enum Format: String, CaseIterable, Sendable {
    case filter, list, json
  }

  public func text(_ format: Format) -> String {
    switch format {
    case .filter:
      Self.filter(
        tests: affected.tests.map(\.test.id), modules: affected.modules,
        everything: !affected.everything.isEmpty)
    case .list: affected.tests.map(\.test.id).joined(separator: "\n")
    case .json: json()
    }
  }

  /// Why the selection is what it is, a line each for standard error (standard output is the
  /// filter): what selects every test, the test modules taken whole, the files no test reads.
  public var explanation: [String] {
    var lines: [String] = []
    if !affected.everything.isEmpty {
      lines.append("covgate: every test: \(affected.everything[0])")
    }
    for module in affected.modules {
      lines.append(
        "covgate: all of test module \(module): a test file of it changed (new tests are not in the map)"
      )
    }
    if !affected.ignored.isEmpty {
      lines.append(
        "covgate: no test reads \(affected.ignored.joined(separator: ", ")): they select nothing")
    }
    return lines
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

extension TestMapQueries {
  /// `covgate affected`'s answer: the tests the changes since the merge base with `base` need,
  /// ready to print in any format.
  public func affectedOutput(since base: String) throws -> AffectedOutput {
    let (affected, map, mergeBase) = try affected(since: base)
    return AffectedOutput(affected: affected, map: map, base: base, mergeBase: mergeBase)
  }
}
