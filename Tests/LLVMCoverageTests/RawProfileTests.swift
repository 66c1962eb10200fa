import Foundation
import XCTest

@testable import LLVMCoverage

final class RawProfileTests: XCTestCase {
  func testMD5MatchesTheStandardVectors() {
    let vectors = [
      ("", "d41d8cd98f00b204e9800998ecf8427e"), ("abc", "900150983cd24fb0d6963f7d28e17f72"),
      ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
      (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
    ]
    for (text, expected) in vectors {
      XCTAssertEqual(
        MD5.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined(), expected, text)
    }
  }

  /// Every function `llvm-profdata show` lists, with its entry count, as covgate reads the same file.
  func testReadsEveryFunctionAndCountThatLLVMProfdataShows() throws {
    let profile = try RawProfile.read(path: Fixture.url("profraw/testTax.profraw").path)
    let shown = try String(contentsOf: Fixture.url("profraw/testTax.show.txt"), encoding: .utf8)
    var expected: [String: UInt64] = [:]
    var name: String?
    for line in shown.split(separator: "\n") {
      if line.hasPrefix("  "), !line.hasPrefix("    "), line.hasSuffix(":") {
        name = String(line.dropFirst(2).dropLast())
      } else if let current = name, line.hasPrefix("    Function count: ") {
        expected[current] = UInt64(line.dropFirst("    Function count: ".count))
      }
    }
    XCTAssertEqual(expected.count, 75)
    XCTAssertEqual(profile.entryCounts.count, expected.count)
    for (name, count) in expected {
      XCTAssertEqual(profile.entryCounts[MD5.low64(name)], count, name)
    }
    // testTax ran Tax.amount (twice) and never taxesGroceries.
    XCTAssertEqual(
      profile.entryCounts[MD5.low64("$s7Pricing3TaxO6amount3for5stateSiAA5PriceV_SStFZ")], 2)
    XCTAssertEqual(profile.entryCounts[MD5.low64("$s7Pricing3TaxO14taxesGroceriesySbSSFZ")], 0)
    XCTAssertEqual(profile.binaryIDs.count, 1)
    XCTAssertEqual(profile.binaryIDs.first?.count, 40)
  }

  func testADamagedProfileIsAnErrorNotAGuess() throws {
    let real = try Data(contentsOf: Fixture.url("profraw/testTax.profraw"))
    var wrongVersion = real
    wrongVersion[8] = 9
    var hugeCount = real
    hugeCount.replaceSubrange(24..<32, with: [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0])
    var badPointer = real
    let firstRecord = 128 + 32
    badPointer.replaceSubrange(
      (firstRecord + 16)..<(firstRecord + 24), with: [0x01, 0, 0, 0, 0, 0, 0, 0x40])
    let cases: [(String, Data, String)] = [
      ("empty", Data(), "shorter than a profile header"),
      ("not a profile", Data(repeating: 7, count: 200), "no magic"),
      ("version", wrongVersion, "raw profile format 9"),
      ("truncated", real.prefix(900), "larger than the file"),
      ("record count", hugeCount, "larger than the file"),
      ("counter pointer", badPointer, "points outside the counters"),
    ]
    for (name, bytes, message) in cases {
      XCTAssertThrowsError(
        try bytes.withUnsafeBytes { try RawProfile.parse($0, path: "t.profraw") }, name
      ) { error in
        XCTAssertTrue("\(error)".contains(message), "\(name): \(error)")
        XCTAssertTrue("\(error)".hasPrefix("t.profraw: "), "\(error)")
      }
    }
  }
}

/// Every counter of the functions a test entered, keyed by name and hash, beside the entry counts.
final class RawProfileCountersTests: XCTestCase {
  func testTheCountersOfEachEnteredFunctionAreKeptWhenAskedFor() throws {
    let path = Fixture.url("profraw/testTax.profraw").path
    XCTAssertEqual(try RawProfile.read(path: path).counters, [:])
    let profile = try RawProfile.read(path: path, counters: true)
    let entered = profile.entryCounts.filter { $0.value > 0 }
    XCTAssertFalse(entered.isEmpty)
    XCTAssertEqual(Set(profile.counters.keys.map(\.nameRef)), Set(entered.keys))
    for (key, values) in profile.counters {
      XCTAssertEqual(values.first, profile.entryCounts[key.nameRef])
    }
    let amount = MD5.low64("$s7Pricing3TaxO6amount3for5stateSiAA5PriceV_SStFZ")
    XCTAssertGreaterThan(
      try XCTUnwrap(profile.counters.first { $0.key.nameRef == amount }).value.count, 1)
  }
}
