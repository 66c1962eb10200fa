import ArgumentParser
import CampgroundUI
import GRDB
import XCTest

final class CampgroundCommandTests: XCTestCase {
  private var harness: CommandHarness!

  override func setUp() {
    harness = CommandHarness()
  }

  override func tearDown() {
    harness.removeFolder()
    harness = nil
  }

  /// Runs `arguments`, which must fail, and returns the one-line message the user sees.
  private func failure(_ arguments: [String], line: UInt = #line) async -> String {
    do {
      _ = try await harness.run(arguments)
      XCTFail("expected \(arguments) to fail", line: line)
      return ""
    } catch {
      XCTAssertEqual(CampgroundCommand.exitCode(for: error), .failure, line: line)
      return CampgroundCommand.message(for: error)
    }
  }

  func testAddAndListSites() async throws {
    try await harness.signIn()
    let added = try await harness.run([
      "add-site", "--number", "3", "--rate", "25", "--electricity",
    ])
    _ = try await harness.run(["add-site", "--number", "1", "--rate", "18.50", "--water"])

    let all = try await harness.run(["sites"])
    let powered = try await harness.run(["sites", "--electricity"])

    XCTAssertEqual(added, "Added site 3 at 25.00 a night.")
    XCTAssertEqual(all.split(separator: "\n").count, 4)
    XCTAssertTrue(all.contains("   1  no           yes    18.50           21.50"), all)
    XCTAssertEqual(powered.split(separator: "\n").count, 3)
    XCTAssertFalse(powered.contains("18.50"))
  }

  func testReserveListPayAndCancel() async throws {
    try await harness.signIn()
    _ = try await harness.run(["add-site", "--number", "1", "--rate", "20", "--water"])
    let camper = try await harness.run([
      "add-camper", "--name", "Ada Lovelace", "--phone", "555-0100",
    ])

    let booked = try await harness.run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2025-06-01", "--nights", "2",
    ])
    let listed = try await harness.run(["reservations"])
    let paid = try await harness.run(["pay", "1", "--amount", "46"])
    let cancelled = try await harness.run(["cancel", "1"])
    let history = try await harness.run(["reservations", "--camper", "1"])

    XCTAssertEqual(camper, "Camper 1: Ada Lovelace (555-0100)")
    XCTAssertEqual(
      booked, "Reservation 1: site 1 for Ada Lovelace from 2025-06-01, 2 night(s), 46.00 due")
    XCTAssertTrue(listed.contains("Ada Lovelace  2025-06-01       2  Reserved "), listed)
    XCTAssertEqual(paid, "Reservation 1: paid 46.00, paid in full.")
    XCTAssertEqual(cancelled, "Cancelled reservation 1.")
    XCTAssertTrue(history.contains("Cancelled"), history)
    let afterCancel = try await harness.run(["reservations"])
    XCTAssertEqual(afterCancel, "No reservations.")
  }

  /// A payment overwrote an amount; now each payment, refund and undo is a row of the ledger,
  /// with the ranger and the time, and `payments` lists them with what is paid.
  func testPaymentsRefundsAndUndoAreRowsOfTheLedger() async throws {
    try await harness.signIn()
    _ = try await harness.run(["add-site", "--number", "1", "--rate", "20"])
    _ = try await harness.run(["add-camper", "--name", "Ada Lovelace", "--phone", "555-0100"])
    _ = try await harness.run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2025-06-01", "--nights", "2",
    ])

    let paid = try await harness.run(["pay", "1", "--amount", "40"])
    let refunded = try await harness.run(["pay", "1", "--refund", "15"])
    let undone = try await harness.run(["pay", "1", "--undo", "2"])
    let ledger = try await harness.run(["payments", "--reservation", "1"])

    XCTAssertEqual(paid, "Reservation 1: paid 40.00, paid in full.")
    XCTAssertEqual(refunded, "Reservation 1: refunded 15.00; paid 25.00, 15.00 still due.")
    XCTAssertEqual(undone, "Reservation 1: payment 2 undone; paid 40.00, paid in full.")
    XCTAssertEqual(
      ledger,
      """
      Id  Reservation  Kind        Amount  Ranger            Recorded              Note
      --  -----------  ----------  ------  ----------------  --------------------  ---------------
       1            1  payment      40.00  ranger@camp.test  2025-06-01 00:00 UTC
       2            1  refund      -15.00  ranger@camp.test  2025-06-01 00:00 UTC
       3            1  correction   15.00  ranger@camp.test  2025-06-01 00:00 UTC  undoes refund 2
      Reservation 1: paid 40.00, paid in full.
      """)
    let everything = try await harness.run(["payments"])
    XCTAssertEqual(everything.split(separator: "\n").count, 5, everything)
    let wrongStay = await failure(["pay", "2", "--undo", "1"])
    XCTAssertEqual(wrongStay, "No payment with id 1; list them with: campground payments")
    let unknown = await failure(["payments", "--reservation", "9"])
    XCTAssertEqual(unknown, "No reservation with id 9")
  }

  /// The harness's clock reads 2025-06-01 00:00 UTC: in Ontario that is still May 31, so a
  /// stay from May 31 is booked there (today) and among "today's" reservations, and not where
  /// it is already June.
  func testTodayIsTheDayWhereTheCampgroundIs() async throws {
    try await harness.signIn()
    _ = try await harness.run(["add-site", "--number", "1", "--rate", "20"])
    _ = try await harness.run(["add-camper", "--name", "Ada Lovelace", "--phone", "555-0100"])
    harness.environment = [Environment.timeZone: "America/Toronto"]
    _ = try await harness.run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2025-05-31", "--nights", "1",
    ])

    let ontario = try await harness.run(["reservations"])
    harness.environment = [Environment.timeZone: "UTC"]
    let utc = try await harness.run(["reservations"])
    harness.environment = [Environment.timeZone: "Mars/Olympus"]
    do {
      _ = try await harness.run(["reservations"])
      XCTFail("an unknown time zone was taken")
    } catch {
      XCTAssertEqual(error as? CampgroundUIError, .unknownTimeZone("Mars/Olympus"))
    }

    XCTAssertTrue(ontario.contains("Ada Lovelace  2025-05-31"), ontario)
    XCTAssertEqual(utc, "No reservations.")
  }

  /// `reserve --from 2020-01-01` booked a stay in the past; now it is refused with the reason,
  /// counted where the campground is (in UTC it is June 1, in Ontario still May 31).
  func testAStayStartingBeforeTodayIsRefusedWithTheReason() async throws {
    try await harness.signIn()
    _ = try await harness.run(["add-site", "--number", "1", "--rate", "20"])
    _ = try await harness.run(["add-camper", "--name", "Ada", "--phone", "1"])

    let longAgo = await failure([
      "reserve", "--camper", "1", "--site", "1", "--from", "2020-01-01", "--nights", "2",
    ])
    let yesterday = await failure([
      "reserve", "--camper", "1", "--site", "1", "--from", "2025-05-31", "--nights", "1",
    ])

    XCTAssertEqual(
      longAgo,
      "Cannot book a stay from 2020-01-01: that day has passed (today is 2025-06-01 where the campground is)"
    )
    XCTAssertTrue(yesterday.hasPrefix("Cannot book a stay from 2025-05-31"), yesterday)
    let booked = try await harness.run(["reservations", "--camper", "1"])
    XCTAssertEqual(booked, "No reservations.")
  }

  func testNegativeNightsGiveTheInvalidReason() async throws {
    try await harness.signIn()
    _ = try await harness.run(["add-site", "--number", "1", "--rate", "20"])
    _ = try await harness.run(["add-camper", "--name", "Ada", "--phone", "1"])

    do {
      _ = try await harness.run([
        "reserve", "--camper", "1", "--site", "1", "--from", "2025-06-01", "--nights", "-1",
      ])
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(
        CampgroundCommand.message(for: error),
        "Invalid number of days: -1 (a stay is 1 to 365 nights)")
      XCTAssertEqual(CampgroundCommand.exitCode(for: error), .failure)
    }
  }

  func testServiceErrorsAreOneLineWithFailureExit() async throws {
    _ = try await harness.run(["add-camper", "--name", "Ada", "--phone", "1"])
    try await harness.signIn()

    for arguments in [
      ["add-camper", "--name", " ", "--phone", "1"],
      ["reserve", "--camper", "1", "--site", "9", "--from", "2025-06-01", "--nights", "1"],
      ["reserve", "--camper", "5", "--site", "9", "--from", "2025-06-01", "--nights", "1"],
      ["delete-site", "--number", "4"],
      ["delete-camper", "7"],
      ["cancel", "12"],
      ["pay", "12", "--refund", "1"],
      ["pay", "12", "--undo", "1"],
    ] {
      let message = await failure(arguments)
      XCTAssertFalse(message.isEmpty || message.contains("\n"), "\(arguments): \(message)")
    }
  }

  /// `add-site` needed no sign-in while `delete-site` did: every change to the sites, campers'
  /// deletion, cancelling and payments need a ranger's session now.
  func testRangerOnlyCommandsNeedASession() async throws {
    _ = try await harness.run(["add-camper", "--name", "Ada", "--phone", "1"])

    for arguments in [
      ["add-site", "--number", "4", "--rate", "10"], ["delete-site", "--number", "4"],
      ["delete-camper", "1"], ["cancel", "1"], ["pay", "1", "--amount", "1"],
      ["pay", "1", "--refund", "1"], ["pay", "1", "--undo", "1"],
    ] {
      let message = await failure(arguments)
      XCTAssertEqual(message, "Sign in first with: campground login", "\(arguments)")
    }
    let sites = try await harness.run(["sites"])
    XCTAssertTrue(sites.hasPrefix("No camp sites yet."), sites)
    try await harness.signIn()
    let added = try await harness.run(["add-site", "--number", "4", "--rate", "10"])
    let deleted = try await harness.run(["delete-site", "--number", "4"])
    let deletedCamper = try await harness.run(["delete-camper", "1"])
    let signedOut = try await harness.run(["logout"])
    let again = try await harness.run(["logout"])

    XCTAssertEqual(added, "Added site 4 at 10.00 a night.")
    XCTAssertEqual(deleted, "Deleted site 4.")
    XCTAssertEqual(deletedCamper, "Deleted camper 1.")
    XCTAssertEqual(signedOut, "Signed out.")
    XCTAssertEqual(again, "Nobody was signed in.")
  }

  /// Deleting a site or a camper deleted their reservations and payments with them; now both
  /// are kept while any reservation names them, and the message names the reservations.
  func testASiteOrACamperWithReservationsIsKeptAndTheReservationsAreNamed() async throws {
    try await harness.signIn()
    _ = try await harness.run(["add-site", "--number", "4", "--rate", "10"])
    _ = try await harness.run(["add-camper", "--name", "Ada", "--phone", "1"])
    _ = try await harness.run([
      "reserve", "--camper", "1", "--site", "4", "--from", "2025-06-01", "--nights", "1",
    ])
    _ = try await harness.run(["pay", "1", "--amount", "10"])
    _ = try await harness.run(["cancel", "1"])

    let site = await failure(["delete-site", "--number", "4"])
    let camper = await failure(["delete-camper", "1"])

    XCTAssertEqual(
      site,
      "Site 4 has reservation(s) 1 on record, kept with their payments; it cannot be deleted")
    XCTAssertEqual(
      camper,
      "Camper 1 has reservation(s) 1 on record, kept with their payments; the camper cannot be deleted"
    )
    let ledger = try await harness.run(["payments"])
    XCTAssertTrue(ledger.contains(" 10.00  ranger@camp.test"), ledger)
  }

  /// A name with an escape sequence repainted the ranger's terminal when listed: now it is
  /// refused, and one stored before (written into the file) is listed with its codes shown.
  func testANameWithControlCharactersIsRefusedAndAStoredOneShowsItsCodes() async throws {
    let refused = await failure(["add-camper", "--name", "Ada\u{1B}[2J", "--phone", "1"])
    try await DatabaseQueue(path: harness.databasePath).write { db in
      try db.execute(
        sql: "INSERT INTO camper (fullName, phoneNumber) VALUES (?, ?)",
        arguments: ["Eve\u{1B}]0;pwned\u{7}", "555\u{1B}[2J"])
    }

    let listed = try await harness.run(["campers"])

    XCTAssertEqual(
      refused,
      "A camper's name cannot hold control characters (found U+001B): they act on a terminal instead of showing"
    )
    XCTAssertEqual(
      listed,
      """
      Id  Name                    Phone
      --  ----------------------  ------------
       1  Eve\\u{1B}]0;pwned\\u{7}  555\\u{1B}[2J
      """)
    XCTAssertFalse(listed.unicodeScalars.contains("\u{1B}"))
  }

  func testAvailabilityListsTheSitesFreeOnEveryNight() async throws {
    try await harness.signIn()
    _ = try await harness.run(["add-site", "--number", "1", "--rate", "20", "--electricity"])
    _ = try await harness.run(["add-site", "--number", "2", "--rate", "15"])
    _ = try await harness.run(["add-camper", "--name", "Ada", "--phone", "1"])
    _ = try await harness.run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2025-06-02", "--nights", "2",
    ])

    let overlapping = try await harness.run([
      "availability", "--from", "2025-06-01", "--nights", "2",
    ])
    let powered = try await harness.run([
      "availability", "--from", "2025-06-03", "--nights", "1", "--electricity",
    ])
    let later = try await harness.run([
      "availability", "--from", "2025-06-04", "--nights", "3", "--electricity",
    ])

    XCTAssertEqual(
      overlapping,
      """
      Free for 2 night(s) from 2025-06-01:
      Site  Electricity  Water   Rate  With amenities
      ----  -----------  -----  -----  --------------
         2  no           no     15.00           15.00
      """)
    XCTAssertEqual(powered, "No site is free for 1 night(s) from 2025-06-03.")
    XCTAssertTrue(later.contains("   1  yes"), later)
  }

  /// Every number a user types is bounded: a one-line error, never a trap (exit 132).
  func testOutOfRangeNumbersAreOneLineErrors() async throws {
    try await harness.signIn()
    _ = try await harness.run(["add-site", "--number", "1", "--rate", "20"])
    _ = try await harness.run(["add-camper", "--name", "Ada", "--phone", "1"])

    let cases: [([String], String)] = [
      (
        [
          "reserve", "--camper", "1", "--site", "1", "--from", "2025-06-01", "--nights",
          "10000000000000000",
        ],
        "Invalid number of days: 10000000000000000 (a stay is 1 to 365 nights)"
      ),
      (
        ["availability", "--from", "2025-06-01", "--nights", "366"],
        "Invalid number of days: 366 (a stay is 1 to 365 nights)"
      ),
      (
        ["add-site", "--number", "10000", "--rate", "1"],
        "Invalid site number 10000: site numbers are 1 to 9999"
      ),
      (
        ["add-site", "--number", "2", "--rate", "999999999.99"],
        "Invalid nightly rate 999999999.99: it must be 0.00 to 10000.00"
      ),
    ]
    for (arguments, message) in cases {
      let shown = await failure(arguments)
      XCTAssertEqual(shown, message)
    }
  }

  func testMalformedArgumentsAreUsageErrors() async {
    for arguments in [
      ["add-site", "--number", "1", "--rate", "abc"],
      ["reserve", "--camper", "1", "--site", "1", "--from", "2025-02-30", "--nights", "1"],
      ["reservations", "--camper", "1", "--from", "2025-06-01"],
      ["pay", "1", "--amount", "-3"],
      ["pay", "1"],
      ["pay", "1", "--amount", "3", "--refund", "3"],
      ["reserve", "--camper", "1", "--site", "1", "--from", "2025-06-01", "--nights", "1e30"],
      [
        "reserve", "--camper", "1", "--site", "1", "--from", "2025-06-01", "--nights",
        "99999999999999999999",
      ],
    ] {
      do {
        _ = try await harness.run(arguments)
        XCTFail("expected \(arguments) to fail")
      } catch {
        XCTAssertEqual(CampgroundCommand.exitCode(for: error), .validationFailure, "\(arguments)")
        XCTAssertFalse(CampgroundCommand.message(for: error).isEmpty)
      }
    }
  }

  func testDatabaseComesFromTheEnvironmentWhenNoOptionIsGiven() async throws {
    let path = harness.folder.appendingPathComponent("from-env.sqlite").path
    harness.environment = ["CAMPGROUND_DATABASE": path]

    _ = try await harness.runRaw(["add-camper", "--name", "Ada", "--phone", "1"])

    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
  }

  /// A database others could read (made before the rule) is made private when a command opens
  /// it, said once beside the output; the output itself is unchanged.
  func testLooseFilesAreMadePrivateAndSaidOnce() async throws {
    _ = try await harness.run(["add-camper", "--name", "Ada", "--phone", "1"])
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: harness.databasePath)

    let listed = try await harness.run(["campers"])
    _ = try await harness.run(["campers"])

    XCTAssertTrue(listed.contains("Ada"), listed)
    XCTAssertEqual(
      harness.notes.all,
      [
        "others could read the campground's files; made them private to you: "
          + "\(harness.databasePath) from 644 to 600"
      ])
    let mode =
      try FileManager.default.attributesOfItem(atPath: harness.databasePath)[
        .posixPermissions] as? NSNumber
    XCTAssertEqual(mode?.intValue, 0o600)
  }

  func testCampersListsAndFiltersByName() async throws {
    _ = try await harness.run(["add-camper", "--name", "Ada Lovelace", "--phone", "1"])
    _ = try await harness.run(["add-camper", "--name", "Grace Hopper", "--phone", "2"])

    let all = try await harness.run(["campers"])
    let one = try await harness.run(["campers", "--name", "grace hopper"])

    XCTAssertTrue(all.contains("Ada Lovelace") && all.contains("Grace Hopper"), all)
    XCTAssertEqual(one, "Id  Name          Phone\n--  ------------  -----\n 2  Grace Hopper  2")
  }

  func testNoSubcommandShowsHelp() async throws {
    let help = try await harness.runRaw([])

    XCTAssertTrue(help.contains("USAGE: campground <subcommand>"), help)
  }
}
