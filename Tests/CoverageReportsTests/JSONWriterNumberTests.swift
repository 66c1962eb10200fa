import XCTest

@testable import CoverageReports

/// Numbers are written as `Double.description` would write them (whole ones without a
/// fraction), percentages to two decimals without going through a string.
final class JSONWriterNumberTests: XCTestCase {
  private func written(_ value: Double) -> String {
    var json = JSONWriter()
    json.double(value)
    return json.finish().trimmingCharacters(in: .newlines)
  }

  func testEveryPercentageToTwoDecimalsReadsAsItsShortestForm() {
    for hundredths in 0...10_000 {
      for value in [Double(hundredths) / 100, -Double(hundredths) / 100] {
        let expected =
          value == value.rounded() ? String(Int64(value)) : value.description
        XCTAssertEqual(written(value), expected, "\(hundredths)")
      }
    }
  }

  func testOtherNumbersAreTheirShortestForm() {
    for value in [0.001, 1.0 / 3, 12.345, 99.999, 1e-7, 123_456_789.12, 2e13 + 0.5, -0.125] {
      XCTAssertEqual(written(value), value.description, "\(value)")
    }
    XCTAssertEqual(written(80), "80")
    XCTAssertEqual(written(-3), "-3")
  }
}

/// An array rendered in slices on every core is byte for byte the array rendered in order.
final class JSONWriterSlicesTests: XCTestCase {
  private func document(_ count: Int, concurrently: Bool) -> String {
    let elements = (0..<count).map {
      ["name \($0) \"quoted\"", String(repeating: "x", count: $0 % 7)]
    }
    var json = JSONWriter()
    json.object { json in
      json.key("items")
      let element: @Sendable (inout JSONWriter, [String]) -> Void = { json, item in
        json.object { json in
          json.key("empty")
          json.array([Int]()) { $0.int($1) }
          json.key("strings")
          json.array(item) { $0.string($1) }
        }
      }
      if concurrently {
        json.array(concurrently: elements, element)
      } else {
        json.array(elements, element)
      }
      json.key("z")
      json.int(count)
    }
    return json.finish()
  }

  func testSlicesJoinToTheSameBytes() {
    for count in [0, 1, 31, 64, 65, 97, 500, 1000, 2048, 2079, 2090, 5000] {
      XCTAssertEqual(
        document(count, concurrently: true), document(count, concurrently: false), "\(count)")
    }
  }
}
