import Foundation
import XCTest

@testable import Pricing

final class PriceTests: XCTestCase {
  func testDiscount() {
    XCTAssertEqual(Price(cents: 1000).discounted(by: 10), Price(cents: 900))
    XCTAssertEqual(Price(cents: 1000).discounted(by: 0), Price(cents: 1000))
  }

  func testFormatted() {
    XCTAssertEqual(Price(cents: 1205).formatted, "$12.05")
  }

  func testTax() {
    XCTAssertEqual(Tax.amount(for: Price(cents: 1000), state: "CA"), 70)
    XCTAssertEqual(Tax.amount(for: Price(cents: 1000), state: "ZZ"), 0)
  }

  /// Fails on demand, so covgate's tests can check a red run still yields coverage.
  func testFailsWhenAsked() {
    XCTAssertNil(ProcessInfo.processInfo.environment["SAMPLE_FAIL"], "SAMPLE_FAIL is set")
  }

  /// Hangs on demand (SAMPLE_HANG set), so covgate's tests can check `--timeout` and Ctrl-C;
  /// returns at once otherwise. With SAMPLE_HANG_MARK set, first writes that file, so a test
  /// knows the hang began. The loop waits for a deadline an hour away and checks nothing else.
  func testHangsWhenAsked() throws {
    let environment = ProcessInfo.processInfo.environment
    guard environment["SAMPLE_HANG"] != nil else { return }
    if let mark = environment["SAMPLE_HANG_MARK"] {
      try "\(ProcessInfo.processInfo.processIdentifier)\n".write(
        toFile: mark, atomically: true, encoding: .utf8)
    }
    let deadline = Date().addingTimeInterval(3600)
    while Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
    }
  }
}

/// Runs Tax.taxesGroceries on every other run when SAMPLE_VARY_COUNTER names a counter file,
/// so covgate's tests can check what `--repeat` finds.
final class VaryingTests: XCTestCase {
  func testVariesWhenAsked() throws {
    guard let path = ProcessInfo.processInfo.environment["SAMPLE_VARY_COUNTER"] else { return }
    let count = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0) } ?? 0
    try "\(count + 1)".write(toFile: path, atomically: true, encoding: .utf8)
    if count % 2 == 0 { XCTAssertTrue(Tax.taxesGroceries("NY")) }
  }
}

/// Crashes on demand (SAMPLE_CRASH set), so covgate's tests can check that a crash loses only
/// its own test's coverage.
final class CrashTests: XCTestCase {
  func testCrashesWhenAsked() {
    if ProcessInfo.processInfo.environment["SAMPLE_CRASH"] != nil {
      let missing: Int? = nil
      XCTAssertEqual(missing!, 0)
    }
  }
}
