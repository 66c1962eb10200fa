import ArgumentParser
import CampgroundUI
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

  func testAddAndListSites() async throws {
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
    _ = try await harness.run(["add-site", "--number", "1", "--rate", "20", "--water"])
    let camper = try await harness.run([
      "add-camper", "--name", "Ada Lovelace", "--phone", "555-0100",
    ])

    let booked = try await harness.run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2025-06-01", "--nights", "2",
    ])
    let listed = try await harness.run(["reservations"])
    try await harness.signIn()
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

  /// The harness's clock reads 2025-06-01 00:00 UTC: in Ontario that is still May 31, so a
  /// stay from May 31 is among "today's" reservations there and not where it is already June.
  func testTodayIsTheDayWhereTheCampgroundIs() async throws {
    _ = try await harness.run(["add-site", "--number", "1", "--rate", "20"])
    _ = try await harness.run(["add-camper", "--name", "Ada Lovelace", "--phone", "555-0100"])
    _ = try await harness.run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2025-05-31", "--nights", "1",
    ])

    harness.environment = [Environment.timeZone: "America/Toronto"]
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

  func testNegativeNightsGiveTheInvalidReason() async throws {
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
      ["cancel", "12"],
    ] {
      do {
        _ = try await harness.run(arguments)
        XCTFail("expected \(arguments) to fail")
      } catch {
        let message = CampgroundCommand.message(for: error)
        XCTAssertFalse(message.isEmpty || message.contains("\n"), "\(arguments): \(message)")
        XCTAssertEqual(CampgroundCommand.exitCode(for: error), .failure, "\(arguments)")
      }
    }
  }

  func testRangerOnlyCommandsNeedASession() async throws {
    _ = try await harness.run(["add-site", "--number", "4", "--rate", "10"])

    for arguments in [
      ["delete-site", "--number", "4"], ["cancel", "1"], ["pay", "1", "--amount", "1"],
    ] {
      do {
        _ = try await harness.run(arguments)
        XCTFail("expected \(arguments) to need a session")
      } catch {
        XCTAssertEqual(
          CampgroundCommand.message(for: error), "Sign in first with: campground login",
          "\(arguments)")
        XCTAssertEqual(CampgroundCommand.exitCode(for: error), .failure)
      }
    }
    try await harness.signIn()
    let deleted = try await harness.run(["delete-site", "--number", "4"])
    let signedOut = try await harness.run(["logout"])
    let again = try await harness.run(["logout"])

    XCTAssertEqual(deleted, "Deleted site 4.")
    XCTAssertEqual(signedOut, "Signed out.")
    XCTAssertEqual(again, "Nobody was signed in.")
  }

  func testAvailabilityListsTheSitesFreeOnEveryNight() async throws {
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
      do {
        _ = try await harness.run(arguments)
        XCTFail("expected \(arguments) to fail")
      } catch {
        XCTAssertEqual(CampgroundCommand.message(for: error), message)
        XCTAssertEqual(CampgroundCommand.exitCode(for: error), .failure)
      }
    }
  }

  func testMalformedArgumentsAreUsageErrors() async {
    for arguments in [
      ["add-site", "--number", "1", "--rate", "abc"],
      ["reserve", "--camper", "1", "--site", "1", "--from", "2025-02-30", "--nights", "1"],
      ["reservations", "--camper", "1", "--from", "2025-06-01"],
      ["pay", "1", "--amount", "-3"],
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

    _ = try await harness.runRaw(["add-site", "--number", "1", "--rate", "1"])

    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
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
