import XCTest

@testable import Mutation

/// A `+` whose operand is a `String` by what the text proves gets no `-` mutant (it would not
/// compile); a `+` that may be of numbers keeps it.
final class StringOperandsTests: XCTestCase {
  static let source = """
    func label(_ name: String, count: Int, negative: Bool) -> String {
      let prefix = "item: "
      let sign = negative ? "-" : ""
      let typed: String = name
      var total = count + 1
      total = total + count
      let text = prefix + name
      let joined = (sign + name) + text
      return typed + joined + String(total)
    }

    func shadowed(_ values: [Int]) -> Int {
      let prefix = "x"
      return values.reduce(0) { prefix, value in prefix + value } + prefix.count
    }

    func parameters(_ name: String, _ other: String) -> String {
      name + other
    }

    """

  /// The lines that have an arithmetic mutant.
  private func arithmeticLines() -> Set<Int> {
    Set(
      MutantFinder.sites(in: Self.source, file: "Label.swift", inScope: { _ in true }).sites
        .filter { $0.kind == .arithmetic }.map(\.line))
  }

  func testStringsByTheirDeclarationGetNoMinus() {
    let lines = arithmeticLines()
    for line in [7, 8, 9] {
      XCTAssertFalse(lines.contains(line), "line \(line)")
    }
    // Numbers keep theirs.
    XCTAssertTrue(lines.contains(5))
    XCTAssertTrue(lines.contains(6))
  }

  func testANameBoundTwiceOrAParameterIsNotProven() {
    let lines = arithmeticLines()
    // `prefix` is a closure parameter there too: the `+` may be of numbers, and is.
    let mutated = MutantFinder.sites(in: Self.source, file: "Label.swift", inScope: { $0 == 14 })
      .sites.map(\.mutated)
    XCTAssertTrue(mutated.contains("prefix - value"), "\(mutated)")
    // Parameters' types are not read: the mutant stays (and the build finds it unviable).
    XCTAssertTrue(lines.contains(18))
  }

  func testAPropertysStringIsNotProven() {
    let source = """
      enum Discount {
        static func label(_ name: String, count: Int) -> String {
          let prefix = Self.tag
          let suffix = " x" + String(count + 1)
          return prefix + name + suffix
        }
      }
      """
    let mutated = MutantFinder.sites(in: source, file: "D.swift", inScope: { $0 == 5 }).sites
      .map(\.mutated)
    XCTAssertEqual(mutated, ["prefix - name"])
  }
}
