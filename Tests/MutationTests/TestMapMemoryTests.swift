import CoverageModel
import CovgateSupport
import Foundation
import XCTest

@testable import Mutation

/// Which tests run again for the map after an edit, and the map that results: only the tests
/// that ran a changed file, and only when each change lies inside one function's body.
final class TestMapMemoryTests: XCTestCase {
  static let price = "Sources/Lib/Price.swift"
  static let tax = "Sources/Lib/Tax.swift"
  static let priceText = "func total(_ a: Int) -> Int {\n  a + 1\n}\n"
  static let taxText = "func tax(_ a: Int) -> Int {\n  a / 10\n}\n"

  /// `usesPrice` ran `total`, `usesTax` ran `tax`; each line data says the same.
  static let map = TestMap(
    commit: "", binaries: ["old"],
    tests: [passed("T/usesPrice", seconds: 1), passed("T/usesTax", seconds: 2)],
    functions: [
      TestMap.Function(name: "total", file: price, firstLine: 1, lastLine: 3),
      TestMap.Function(name: "tax", file: tax, firstLine: 1, lastLine: 3),
    ],
    ran: [[0], [1]], linesNeverRun: [:],
    linesRan: [[price: [[1, 2]]], [tax: [[1, 2]]]])

  static let files = [
    price: fingerprint(Data(priceText.utf8)), tax: fingerprint(Data(taxText.utf8)),
    "Tests/T/T.swift": "t", "Package.swift": "p",
  ]
  /// As the memory keeps them: with the measured sources' list.
  static let kept = files.merging([
    TestMapMemory.measuredKey: TestMapMemory.measuredFingerprint([price, tax])
  ]) { $1 }

  private func plan(
    now: [String: String], texts: [String: String], earlier: [String: String] = [:],
    recalled: Bool = true, staticMutants: Bool = false
  ) -> TestMapMemory.Plan {
    TestMapMemory.plan(
      files: now, recalled: recalled ? (Self.kept, Self.map) : nil,
      measured: [Self.price, Self.tax], hasStaticMutants: staticMutants,
      earlierText: { earlier[$0] ?? [Self.price: Self.priceText, Self.tax: Self.taxText][$0] },
      currentText: { texts[$0] })
  }

  private func editedPrice(_ text: String) -> (files: [String: String], texts: [String: String]) {
    var files = Self.files
    files[Self.price] = fingerprint(Data(text.utf8))
    return (files, [Self.price: text])
  }

  func testAnEditInsideABodyRunsOnlyTheTestsOfItsFile() {
    let (files, texts) = editedPrice("func total(_ a: Int) -> Int {\n  a + 2\n}\n")
    XCTAssertEqual(
      plan(now: files, texts: texts),
      .affected(
        edits: [Self.price: BodyEdit(body: 1...3, lineDelta: 0)], unaffected: ["T/usesTax"]))
  }

  func testNothingChangedKeepsTheMap() {
    XCTAssertEqual(plan(now: Self.files, texts: [:]), .unchanged)
    // A config that measures other sources gives a map of other functions.
    XCTAssertEqual(
      TestMapMemory.plan(
        files: Self.files, recalled: (Self.kept, Self.map), measured: [Self.price],
        hasStaticMutants: false, earlierText: { _ in nil }, currentText: { _ in nil }),
      .everyTest("the measured sources are not those of the last map (the config changed)"))
  }

  func testEverythingElseRunsEveryTest() {
    let body = editedPrice("func total(_ a: Int) -> Int {\n  a + 2\n}\n")
    XCTAssertEqual(
      plan(now: Self.files, texts: [:], recalled: false),
      .everyTest("no earlier test map in the workspace"))
    guard case .everyTest = plan(now: body.files, texts: body.texts, staticMutants: true) else {
      return XCTFail("a static mutant needs every test")
    }
    var testEdited = Self.files
    testEdited["Tests/T/T.swift"] = "t2"
    guard case .everyTest(let reason) = plan(now: testEdited, texts: [:]) else {
      return XCTFail("a test file changed")
    }
    XCTAssertTrue(reason.hasPrefix("Tests/T/T.swift changed"), reason)
    var added = Self.files
    added["Sources/Lib/New.swift"] = "n"
    guard case .everyTest = plan(now: added, texts: [:]) else { return XCTFail("a new file") }
    let signature = editedPrice("func total(_ a: Int, _ b: Int = 0) -> Int {\n  a + 1\n}\n")
    XCTAssertEqual(
      plan(now: signature.files, texts: signature.texts),
      .everyTest("\(Self.price) changed outside one function's body"))
    // The copy's earlier text is not the one the map was taken on (an interrupted run).
    XCTAssertEqual(
      plan(now: body.files, texts: body.texts, earlier: [Self.price: "func total() {}\n"]),
      .everyTest("the text \(Self.price) had when the last map was taken is not known"))
  }

  func testTheMapCombinesTheNewRunWithTheUnaffectedTests() {
    // The edit moved `total` down a line; the test that ran it ran again.
    let partial = TestMap(
      commit: "", binaries: ["new"], tests: [passed("T/usesPrice", seconds: 1.5)],
      functions: [
        TestMap.Function(name: "total", file: Self.price, firstLine: 1, lastLine: 4),
        TestMap.Function(name: "tax", file: Self.tax, firstLine: 1, lastLine: 3),
      ],
      ran: [[0]], linesNeverRun: [Self.price: [[3, 3]], Self.tax: [[1, 2]]],
      linesRan: [[Self.price: [[1, 2]]]])
    let map = TestMapMemory.combined(
      partial, last: Self.map, edits: [Self.price: BodyEdit(body: 1...3, lineDelta: 1)],
      unaffected: ["T/usesTax"])
    XCTAssertEqual(map.tests.map(\.id), ["T/usesPrice", "T/usesTax"])
    XCTAssertEqual(map.tests.map(\.seconds), [1.5, 2])
    XCTAssertEqual(map.binaries, ["new"])
    XCTAssertEqual(map.functions.filter { $0.file == Self.price }.map(\.lastLine), [4])
    XCTAssertEqual(map.tests(file: Self.price, line: 2).map(\.id), ["T/usesPrice"])
    XCTAssertEqual(map.tests(file: Self.tax, line: 2).map(\.id), ["T/usesTax"])
    XCTAssertEqual(
      map.answerByLine(file: Self.tax, line: 2, byFunction: map.testsByFunction()),
      .tests([passed("T/usesTax", seconds: 2)]))
    // Lines never run: the changed file's from the new run; another file's, those neither
    // run ran.
    XCTAssertEqual(map.linesNeverRun?[Self.price], [[3, 3]])
    XCTAssertNil(map.linesNeverRun?[Self.tax])
  }

  func testATestThatNeverEnteredTheEditedFunctionKeepsItsLinesMoved() {
    let file = "Sources/Lib/Fees.swift"
    let old = "func total() -> Int {\n  1\n}\n\nfunc fee() -> Int {\n  2\n}\n"
    let new =
      "func total() -> Int {\n  let one = 1\n  return one\n}\n\nfunc fee() -> Int {\n  2\n}\n"
    let last = TestMap(
      commit: "", binaries: [],
      tests: [passed("T/total", seconds: 1), passed("T/fee", seconds: 1)],
      functions: [
        TestMap.Function(name: "total", file: file, firstLine: 1, lastLine: 3),
        TestMap.Function(name: "fee", file: file, firstLine: 5, lastLine: 7),
      ],
      ran: [[0], [1]], linesNeverRun: [:], linesRan: [[file: [[1, 3]]], [file: [[5, 7]]]])
    let plan = TestMapMemory.plan(
      files: [file: fingerprint(Data(new.utf8))],
      recalled: (
        [
          file: fingerprint(Data(old.utf8)),
          TestMapMemory.measuredKey: TestMapMemory.measuredFingerprint([file]),
        ], last
      ), measured: [file],
      hasStaticMutants: false, earlierText: { _ in old }, currentText: { _ in new })
    let edit = BodyEdit(body: 1...3, lineDelta: 1)
    XCTAssertEqual(plan, .affected(edits: [file: edit], unaffected: ["T/fee"]))
    // The new run (of `T/total` alone) sees both functions where they are now.
    let partial = TestMap(
      commit: "", binaries: [], tests: [passed("T/total", seconds: 1)],
      functions: [
        TestMap.Function(name: "total", file: file, firstLine: 1, lastLine: 4),
        TestMap.Function(name: "fee", file: file, firstLine: 6, lastLine: 8),
      ],
      ran: [[0]], linesNeverRun: [file: [[6, 8]]], linesRan: [[file: [[1, 4]]]])
    let map = TestMapMemory.combined(
      partial, last: last, edits: [file: edit], unaffected: ["T/fee"])
    XCTAssertEqual(map.functions.count, 2)
    let byFunction = map.testsByFunction()
    XCTAssertEqual(
      map.answerByLine(file: file, line: 7, byFunction: byFunction),
      .tests([passed("T/fee", seconds: 1)]))
    XCTAssertEqual(
      map.answerByLine(file: file, line: 3, byFunction: byFunction),
      .tests([passed("T/total", seconds: 1)]))
    XCTAssertNil(map.linesNeverRun?[file])
  }
}
