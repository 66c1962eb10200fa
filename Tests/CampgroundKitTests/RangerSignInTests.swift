import CampgroundKit
import Foundation
import GRDB
import XCTest

@testable import CampgroundKit

/// Sign-in is throttled after failures, per email and for everyone, by counts the database
/// keeps; an unknown email costs the same work as a known one. Time is the test's: `at(_:)`
/// is noon plus some seconds, so no test sleeps.
final class RangerSignInTests: XCTestCase {
  private var database: CampgroundDatabase!
  private var accounts: RangerAccountService!
  private let noon = Date(timeIntervalSince1970: 1_750_000_000)

  override func setUpWithError() throws {
    database = try TestDatabase.make()
    accounts = RangerAccountService(database: database)
    accounts.rounds = 1_000
    try accounts.add(email: "ranger@camp.test", password: "correct horse", by: nil)
  }

  override func tearDown() {
    accounts = nil
    database = nil
  }

  private func at(_ seconds: TimeInterval) -> Date {
    noon.addingTimeInterval(seconds)
  }

  /// Signs in as `email` at `time`; the refusal's wait, or nil when the password was checked.
  private func refusal(
    _ email: String = "ranger@camp.test", password: String = "wrong guess", at time: Date,
    by service: RangerAccountService? = nil
  ) throws -> Int? {
    let service: RangerAccountService = service ?? accounts!
    do {
      _ = try service.verify(email: email, password: password, now: time)
      return nil
    } catch CampgroundError.signInThrottled(let seconds) {
      return seconds
    }
  }

  func testAfterFiveFailuresSignInWaitsAndEachFailureDoublesTheWait() throws {
    for _ in 1...5 { XCTAssertNil(try refusal(at: noon)) }

    XCTAssertEqual(try refusal(at: noon), 1, "the fifth failure costs a second")
    XCTAssertEqual(
      try refusal(password: "correct horse", at: noon), 1, "even the right password waits")
    XCTAssertNil(try refusal(at: at(1)), "a failure: the sixth")
    XCTAssertEqual(try refusal(at: at(2)), 1, "2 s after the sixth, 1 s to go")
    XCTAssertNil(try refusal(password: "correct horse", at: at(3)))
  }

  func testTheRightPasswordClearsItsEmailsCount() throws {
    for _ in 1...4 { XCTAssertNil(try refusal(at: noon)) }
    XCTAssertNil(try refusal(password: "correct horse", at: noon), "signed in")

    for _ in 1...4 { XCTAssertNil(try refusal(at: noon)) }
    XCTAssertNil(try refusal(at: noon), "four since the success: no wait yet")
  }

  /// Unknown emails count as failures too, for everyone: guessing across many emails makes
  /// every sign-in wait, the real ranger's included.
  func testFailuresOfEveryEmailMakeEveryoneWait() throws {
    accounts.throttle.freeFailuresOverall = 3
    for index in 1...3 {
      XCTAssertNil(try refusal("guess\(index)@camp.test", at: noon))
    }

    XCTAssertEqual(try refusal(password: "correct horse", at: noon), 1)
    XCTAssertEqual(try refusal("guess4@camp.test", at: noon), 1)
    XCTAssertNil(try refusal(password: "correct horse", at: at(1)))
  }

  /// The counts are in the database: another terminal (another service over the same file)
  /// meets the same wait.
  func testTheCountsAreKeptInTheDatabase() throws {
    // Seven failures, each after the wait the one before it set (at most 4 s).
    for index in 0..<7 { XCTAssertNil(try refusal(at: at(Double(index) * 10))) }
    var anotherTerminal = RangerAccountService(database: database)
    anotherTerminal.rounds = 1_000

    XCTAssertEqual(try refusal(at: at(60), by: anotherTerminal), 4)
  }

  func testTheWaitStopsAtFifteenMinutesAndTheCountIsForgottenADayLater() throws {
    var time = noon
    for _ in 1...20 {
      XCTAssertNil(try refusal(at: time))
      time = time.addingTimeInterval(1_000)
    }
    let lastFailure = time.addingTimeInterval(-1_000)

    XCTAssertEqual(try refusal(at: lastFailure), 900)
    XCTAssertNil(try refusal(at: lastFailure.addingTimeInterval(86_400)), "forgotten: a failure")
    XCTAssertNil(
      try refusal(password: "correct horse", at: lastFailure.addingTimeInterval(86_400)),
      "counted from one again")
  }

  /// An unknown email does the same PBKDF2 work as a known one (a fixed salt, the current
  /// rounds): the answer's time does not tell which emails are rangers.
  func testAnUnknownEmailCostsTheSameHashAsAKnownOne() throws {
    let work = HashWork()
    accounts.derive = { password, salt, rounds in
      work.record(salt: salt, rounds: rounds)
      return try RangerAccountService.hash(password, salt: salt, rounds: rounds)
    }

    XCTAssertFalse(try accounts.verify(email: "ranger@camp.test", password: "guess", now: noon))
    XCTAssertFalse(try accounts.verify(email: "nobody@camp.test", password: "guess", now: noon))

    XCTAssertEqual(work.rounds, [1_000, 1_000])
    XCTAssertEqual(work.saltLengths, [16, 16])
  }
}

/// The PBKDF2 hashes a service computed: their rounds and salt lengths.
private final class HashWork: @unchecked Sendable {
  private let lock = NSLock()
  private var calls: [(saltLength: Int, rounds: Int)] = []

  func record(salt: Data, rounds: Int) {
    lock.lock()
    calls.append((salt.count, rounds))
    lock.unlock()
  }

  var rounds: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return calls.map(\.rounds)
  }

  var saltLengths: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return calls.map(\.saltLength)
  }
}
