import AuthKit
import CampgroundKit
import GRDB
import XCTest

@testable import CampgroundKit

/// Ranger accounts keep a salted PBKDF2-SHA256 hash, never the password: the right password
/// verifies, any other does not, two accounts with one password share no hash, and the hash is
/// the standard algorithm's (checked against Python's `hashlib.pbkdf2_hmac`).
final class RangerAccountTests: XCTestCase {
  private var database: CampgroundDatabase!
  private var accounts: RangerAccountService!
  private var ranger: RangerProof!

  override func setUpWithError() throws {
    database = try TestDatabase.make()
    accounts = RangerAccountService(database: database)
    ranger = try TestRanger.proof(in: database)
    // Fewer rounds than the standard 600,000 keep the tests fast; each hash keeps its rounds.
    accounts.rounds = 1_000
  }

  override func tearDown() {
    accounts = nil
    database = nil
  }

  func testTheRightPasswordVerifiesAndNoOtherDoes() throws {
    XCTAssertFalse(try accounts.hasAccounts())
    try accounts.add(email: " Ranger@Camp.test ", password: "correct horse", by: ranger)

    XCTAssertTrue(try accounts.hasAccounts())
    XCTAssertTrue(try accounts.verify(email: "ranger@camp.test", password: "correct horse"))
    XCTAssertTrue(try accounts.verify(email: "RANGER@camp.test", password: "correct horse"))
    XCTAssertFalse(try accounts.verify(email: "ranger@camp.test", password: "correct horsE"))
    XCTAssertFalse(try accounts.verify(email: "ranger@camp.test", password: ""))
    XCTAssertFalse(try accounts.verify(email: "other@camp.test", password: "correct horse"))
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
    XCTAssertTrue(try accounts.verify(email: "py@camp.test", password: "correct horse"))
  }

  func testBadEmailsShortPasswordsAndDuplicatesAreRefused() throws {
    XCTAssertThrowsError(try accounts.add(email: "ranger", password: "correct horse", by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .invalidRangerEmail("ranger"))
    }
    // Sign-in refuses an address without a dot in its domain: so does the account.
    for email in ["admin@localhost", "a b@camp.test", "@camp.test", "a@camp."] {
      XCTAssertFalse(EmailAddress.isValid(email), email)
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
      try accounts.verify(email: "r@camp.test", password: "12345678"), "the first stays")
  }

  func testNewAccountsTakeTheStandardRounds() {
    XCTAssertEqual(RangerAccountService(database: database).rounds, 600_000)
  }

  private func rows() throws -> [Row] {
    try database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM rangerAccount") }
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
