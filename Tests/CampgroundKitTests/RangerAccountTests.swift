import AuthKit
import CampgroundKit
import Foundation
import GRDB
import XCTest

@testable import CampgroundKit

/// Ranger accounts keep a salted PBKDF2-SHA256 hash, never the password: the right password
/// verifies, any other does not, two accounts with one password share no hash, and the hash is
/// the standard algorithm's (checked against Python's `hashlib.pbkdf2_hmac`). Rangers are
/// removed and change their passwords; the first account is added atomically.
final class RangerAccountTests: XCTestCase {
  private var database: CampgroundDatabase!
  private var accounts: RangerAccountService!
  private var ranger: RangerProof!
  private let noon = Date(timeIntervalSince1970: 1_750_000_000)

  override func setUpWithError() throws {
    database = try TestDatabase.make()
    accounts = RangerAccountService(database: database)
    ranger = try TestRanger.proof(in: database)
    // Fewer rounds than the standard 600,000 keep the tests fast; each hash keeps its rounds.
    accounts.rounds = 1_000
  }

  override func tearDown() {
    accounts = nil
    ranger = nil
    database = nil
  }

  func testTheRightPasswordVerifiesAndNoOtherDoes() throws {
    XCTAssertFalse(try accounts.hasAccounts())
    try accounts.add(email: " Ranger@Camp.test ", password: "correct horse", by: ranger)

    XCTAssertTrue(try accounts.hasAccounts())
    XCTAssertTrue(try verify("ranger@camp.test", "correct horse"))
    XCTAssertTrue(try verify("RANGER@camp.test", "correct horse"))
    XCTAssertFalse(try verify("ranger@camp.test", "correct horsE"))
    XCTAssertFalse(try verify("ranger@camp.test", ""))
    XCTAssertFalse(try verify("other@camp.test", "correct horse"))
  }

  /// The first account needs no ranger (none can sign in yet); every later one needs one.
  func testTheFirstAccountNeedsNoRangerButLaterOnesDo() throws {
    try accounts.add(email: "first@camp.test", password: "correct horse", by: nil)
    XCTAssertThrowsError(
      try accounts.add(email: "second@camp.test", password: "correct horse", by: nil)
    ) {
      XCTAssertEqual($0 as? CampgroundError, .notSignedIn)
    }
    XCTAssertEqual(
      try accounts.add(email: "second@camp.test", password: "correct horse", by: ranger).email,
      "second@camp.test")
  }

  /// Two first sign-ups at once (two terminals, both seeing no account yet while their
  /// passwords hash): whether an account is the first is decided in the transaction that adds
  /// it, so exactly one of them is added.
  func testTwoFirstSignUpsAtOnceAddOneAccount() throws {
    accounts.rounds = 20_000
    let service: RangerAccountService = accounts
    let outcomes = Outcomes()

    DispatchQueue.concurrentPerform(iterations: 2) { index in
      do {
        try service.add(email: "first\(index)@camp.test", password: "correct horse", by: nil)
        outcomes.record("added")
      } catch {
        outcomes.record("\(error)")
      }
    }

    XCTAssertEqual(outcomes.all.sorted(), ["Sign in first with: campground login", "added"])
    XCTAssertEqual(
      try database.read { db in try RangerAccount.fetchCount(db) }, 1, "one first ranger")
  }

  func testNoPasswordIsStoredAndEveryAccountHasItsOwnSalt() throws {
    let first = try accounts.add(email: "a@camp.test", password: "correct horse", by: ranger)
    let second = try accounts.add(email: "b@camp.test", password: "correct horse", by: ranger)

    XCTAssertNotEqual(first.salt, second.salt)
    XCTAssertNotEqual(first.passwordHash, second.passwordHash)
    XCTAssertEqual(first.salt.count, 16)
    XCTAssertEqual(first.passwordHash.count, 32)
    let row = try XCTUnwrap(try rows().first)
    XCTAssertFalse(row.description.contains("correct horse"), row.description)
    XCTAssertEqual(row["rounds"] as Int?, 1_000)
  }

  /// The hash is PBKDF2-HMAC-SHA256 as every other implementation computes it: a row written
  /// with Python's result for the password verifies.
  func testTheHashIsTheStandardAlgorithms() throws {
    XCTAssertEqual(
      try RangerAccountService.hash("password", salt: Data("salt".utf8), rounds: 1).hex,
      "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b", "RFC 7914's vector")
    let python = "70183c0f60ee9e0441f64efab334e17f97a17f2073f7dd5acba3d3f12af09383"
    try database.write { db in
      try RangerAccount(
        email: "py@camp.test", salt: Data("0123456789abcdef".utf8),
        passwordHash: Data(hex: python), rounds: 1_000
      ).insert(db)
    }
    XCTAssertTrue(try accounts.verify(email: "py@camp.test", password: "correct horse", now: noon))
  }

  func testBadEmailsShortPasswordsAndDuplicatesAreRefused() throws {
    XCTAssertThrowsError(try accounts.add(email: "ranger", password: "correct horse", by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .invalidRangerEmail("ranger"))
    }
    // Sign-in refuses an address without a dot in its domain: so does the account. An escape
    // sequence would act on every terminal that prints the email.
    let refused = [
      "admin@localhost", "a b@camp.test", "@camp.test", "a@camp.", "a\u{1B}[2J@camp.test",
    ]
    for email in refused {
      XCTAssertThrowsError(
        try accounts.add(email: email, password: "correct horse", by: ranger), email
      ) {
        XCTAssertEqual($0 as? CampgroundError, .invalidRangerEmail(email.lowercased()))
      }
    }
    XCTAssertThrowsError(try accounts.add(email: "r@camp.test", password: "1234567", by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .passwordTooShort(minimum: 8))
    }
    try accounts.add(email: "r@camp.test", password: "12345678", by: ranger)
    XCTAssertThrowsError(
      try accounts.add(email: "R@camp.test", password: "another one", by: ranger)
    ) {
      XCTAssertEqual($0 as? CampgroundError, .rangerExists("r@camp.test"))
    }
    XCTAssertTrue(
      try accounts.verify(email: "r@camp.test", password: "12345678", now: noon), "the first stays")
  }

  /// A removed ranger can no longer sign in, and the session they had ends with the account;
  /// the last ranger stays, or nobody could sign in to add another.
  func testARangerIsRemovedWithTheirSessionsButNeverTheLast() throws {
    try accounts.add(email: "first@camp.test", password: "correct horse", by: ranger)
    try accounts.add(email: "second@camp.test", password: "battery staple", by: ranger)
    let sessions = SessionService(database: database)
    let secondSignedIn = try sessions.start(email: "second@camp.test", now: noon)

    try accounts.remove(email: " Second@Camp.test", by: ranger)

    XCTAssertFalse(
      try accounts.verify(email: "second@camp.test", password: "battery staple", now: noon))
    XCTAssertNil(try sessions.current(token: secondSignedIn.token, now: noon))
    XCTAssertThrowsError(try accounts.remove(email: "second@camp.test", by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .rangerNotFound("second@camp.test"))
    }
    XCTAssertThrowsError(try accounts.remove(email: "first@camp.test", by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .lastRanger("first@camp.test"))
    }
    XCTAssertTrue(
      try accounts.verify(email: "first@camp.test", password: "correct horse", now: noon))
  }

  /// The current password is required; the new one takes over and every session of the
  /// ranger ends (whoever knew the old password is signed out).
  func testAPasswordChangesOnlyWithTheCurrentOne() throws {
    try accounts.add(email: "ranger@camp.test", password: "correct horse", by: ranger)
    let sessions = SessionService(database: database)
    let signedIn = try sessions.start(email: "ranger@camp.test", now: noon)

    XCTAssertThrowsError(
      try accounts.changePassword(
        email: "ranger@camp.test", current: "wrong guess", new: "battery staple", now: noon)
    ) {
      XCTAssertEqual($0 as? CampgroundError, .wrongPassword)
    }
    XCTAssertThrowsError(
      try accounts.changePassword(
        email: "nobody@camp.test", current: "correct horse", new: "battery staple", now: noon)
    ) {
      XCTAssertEqual($0 as? CampgroundError, .wrongPassword, "an unknown email is not told apart")
    }
    XCTAssertThrowsError(
      try accounts.changePassword(
        email: "ranger@camp.test", current: "correct horse", new: "short", now: noon)
    ) {
      XCTAssertEqual($0 as? CampgroundError, .passwordTooShort(minimum: 8))
    }
    XCTAssertNotNil(try sessions.current(token: signedIn.token, now: noon))

    try accounts.changePassword(
      email: "Ranger@camp.test", current: "correct horse", new: "battery staple", now: noon)

    XCTAssertTrue(
      try accounts.verify(email: "ranger@camp.test", password: "battery staple", now: noon))
    XCTAssertFalse(
      try accounts.verify(email: "ranger@camp.test", password: "correct horse", now: noon))
    XCTAssertNil(try sessions.current(token: signedIn.token, now: noon))
  }

  func testNewAccountsTakeTheStandardRounds() {
    XCTAssertEqual(RangerAccountService(database: database).rounds, 600_000)
  }

  /// A sign-in's password check at noon.
  private func verify(_ email: String, _ password: String) throws -> Bool {
    try accounts.verify(email: email, password: password, now: noon)
  }

  private func rows() throws -> [Row] {
    try database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM rangerAccount") }
  }
}

/// What each of several threads ended with.
private final class Outcomes: @unchecked Sendable {
  private let lock = NSLock()
  private var outcomes: [String] = []

  func record(_ outcome: String) {
    lock.lock()
    outcomes.append(outcome)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return outcomes
  }
}

extension Data {
  var hex: String { map { String(format: "%02x", $0) }.joined() }

  init(hex: String) {
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      bytes.append(UInt8(hex[index..<next], radix: 16)!)
      index = next
    }
    self.init(bytes)
  }
}
