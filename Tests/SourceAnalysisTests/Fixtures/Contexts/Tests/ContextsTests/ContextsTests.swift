import Contexts
import XCTest

/// Drives each decision of the Contexts fixture the number of times its `// expect:` comment says.
final class ContextsTests: XCTestCase {
  func testBuilders() {
    XCTAssertEqual(Builders.optional(true, false), ["start", "flag", "end"])
    XCTAssertEqual(Builders.optional(false, false), ["start", "end"])
    XCTAssertEqual(Builders.optional(false, true), ["start", "other", "end"])
    XCTAssertEqual([3, -2, 0, 5].map(Builders.either).map(\.first), ["positive", "negative", "zero", "positive"])
    XCTAssertEqual([Weather.sun, .rain(2), .rain(3), .snow, .sun, .sun].map(Builders.cases).count, 6)
    XCTAssertEqual(Builders.loop([1, 2, 3]), ["item 1", "item 2", "item 3", "done"])
    XCTAssertEqual(Builders.loop([]), ["done"])
    XCTAssertEqual(Builders.closure(true, [1, 2, 3]), ["flag", "small", "big", "big"])
    XCTAssertEqual(Builders.closure(false, [5]), ["big"])
    XCTAssertEqual(Builders.closure(false, []), [])
    XCTAssertEqual(Builders.expressions(1, true, true), ["positive", "both"])
    XCTAssertEqual(Builders.expressions(-1, true, false), ["other", "not both"])
    XCTAssertEqual(Builders.expressions(-2, false, true), ["other", "not both"])
    XCTAssertEqual(Builders.nested(true, true), ["b", "both"])
    XCTAssertEqual(Builders.nested(true, false), ["a only"])
    XCTAssertEqual(Builders.nested(false, false), [])
    XCTAssertEqual(Banner(on: true, count: 2).body, ["banner", "on", "row 0", "row 1"])
    XCTAssertEqual(Banner(on: false, count: 1).body, ["banner", "row 0"])
  }

  func testPacks() {
    XCTAssertEqual(Packs.countTrue(1, "a", true, like: (1, "b", true)), 2)
    XCTAssertEqual(Packs.countTrue(2, like: (3)), 0)
    XCTAssertEqual(Packs.total(1, 3, Int8(5), UInt(2)), 8)
    XCTAssertEqual(Packs.total(7), 7)
  }

  func testDefaults() {
    XCTAssertEqual(Defaults.callHere(1), "up")
    XCTAssertEqual(DefaultsCallerA.call(-1), "down")
    XCTAssertEqual(DefaultsCallerA.call(2), "up")
    XCTAssertEqual(DefaultsCallerB.call(3), "up")
    XCTAssertEqual(Defaults.pick(0) { _ in "given" }, "given")
  }

  func testPatterns() {
    XCTAssertEqual([7, 3, -1, 9, 1].map(Patterns.caseWhereBody), [2, 1, 0, 2, 1])
    XCTAssertEqual([(1, true), (-1, true), (-1, false), (2, false)].map { Patterns.caseWhereTernary($0.0, $0.1) }, [1, 0, 1, 0])
    XCTAssertEqual([5, -1, 200, 5000, 7].map(Patterns.typedCatch), [5, -1, -2, -3, 7])
    XCTAssertEqual([3, -1].map { try? Patterns.onePattern($0) }, [3, -1])
    XCTAssertNil(try? Patterns.onePattern(500))
    XCTAssertEqual(
      [(true, true, true), (true, false, false), (false, true, false), (false, false, true), (true, false, true)]
        .map { Patterns.lastOperand($0.0, $0.1, $0.2) }, [1, 2, 0, 0, 3])
    XCTAssertEqual([nil, 4, nil].map { Patterns.callOnRight($0, 3) }, [6, 4, 6])
    XCTAssertEqual(Patterns.earlyContinue([1, -2, 3, -4, -5]), 4)
    XCTAssertEqual(Patterns.earlyContinue([]), 0)
    XCTAssertEqual(Patterns.guardContinue([1, -2, 30]), 11)
  }

  func testTicket() {
    XCTAssertEqual(Ticket(seats: 5).redeem(false), 40)
    XCTAssertEqual(Ticket(seats: 2).redeem(false), 20)
    XCTAssertEqual(Ticket(seats: 2).redeem(true), 0)
    XCTAssertEqual(Ticket(seats: 6).price(), 48)
  }
}
