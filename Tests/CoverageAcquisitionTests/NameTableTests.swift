import CovgateSupport
import XCTest

@testable import CoverageAcquisition

/// The table finds names by their bytes as a `Set` of strings does by value.
final class NameTableTests: XCTestCase {
  func testEveryNameIsFoundAndNoOther() {
    var generator = SystemRandomNumberGenerator()
    let distinct = Array(
      Set(
        (0..<20_000).map { index -> String in
          let length = Int.random(in: 0..<40, using: &generator)
          return "$s\(index % 7)"
            + String((0..<length).map { _ in "abXYé_:".randomElement(using: &generator)! })
        }))
    // Names repeat, as one function's name does in a merged export.
    let names = distinct + distinct.shuffled(using: &generator).prefix(3000)
    let table = NameTable(names)
    XCTAssertEqual(table.count, distinct.count)
    var numbers: [String: Int] = [:]
    for (index, name) in names.enumerated() {
      let number = table.number(ofNameAt: index)
      XCTAssertEqual(numbers[name, default: number], number, name)
      numbers[name] = number
      var bytes = name
      XCTAssertEqual(bytes.withUTF8 { table.number(of: $0) }, number, name)
    }
    XCTAssertEqual(Set(numbers.values).count, distinct.count)
    for absent in ["", "$", "$s0x", distinct[0] + "a", String(distinct[1].dropLast())]
    where !numbers.keys.contains(absent) {
      var bytes = absent
      XCTAssertNil(bytes.withUTF8 { table.number(of: $0) }, absent)
    }
  }

  /// Canonically equal names with other bytes are other names (as in the export's bytes).
  func testBytesNotCanonicalEquality() {
    let table = NameTable(["caf\u{E9}", "cafe\u{301}"])
    XCTAssertEqual(table.count, 2)
  }
}
