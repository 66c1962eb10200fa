import CampgroundUI
import Foundation
import XCTest

/// Runs the built `campground` binary, as a user would, against a database in a temporary folder.
final class CampgroundExecutableTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "campground-exe-\(UUID().uuidString)")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private var executable: URL {
    get throws {
      #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
          .deletingLastPathComponent()
      #else
        let products: URL? = Bundle.main.bundleURL
      #endif
      guard let url = products?.appendingPathComponent("campground"),
        FileManager.default.isExecutableFile(atPath: url.path)
      else {
        // Built with the tests (`swift build --build-tests` builds every product): missing, the
        // tests fail rather than pass by being skipped.
        XCTFail(
          "the campground executable is not built next to the tests; run `swift build --build-tests`"
        )
        throw CocoaError(.fileNoSuchFile)
      }
      return url
    }
  }

  /// A file holding `password`, readable by its owner alone.
  private func passwordFile(_ password: String) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("password-\(password)").path
    try "\(password)\n".write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    return path
  }

  /// Runs the binary on a pseudo-terminal (Python's `pty`: Swift's Glibc module lacks
  /// `posix_openpt`), typing each answer once its prompt has shown; returns all the terminal
  /// showed, `[typed]` where an answer was typed.
  private func runOnTerminal(_ arguments: [String], answering answers: [(String, String)]) throws
    -> String
  {
    let driver = """
      import os, pty, select, sys, time
      count = int(sys.argv[2])
      args, answers = [sys.argv[1]] + sys.argv[3:3 + count], sys.argv[3 + count:]
      pid, fd = pty.fork()
      if pid == 0:
          os.execv(args[0], args)
      shown, deadline = b"", time.time() + 30
      def read(until):
          global shown
          while time.time() < deadline and (until is None or until not in shown):
              if select.select([fd], [], [], 0.1)[0]:
                  try:
                      chunk = os.read(fd, 4096)
                  except OSError:
                      return
                  if not chunk:
                      return
                  shown += chunk
      for prompt, answer in zip(answers[0::2], answers[1::2]):
          read(prompt.encode())
          shown += b"[typed]"
          os.write(fd, answer.encode() + b"\\n")
      read(None)
      os.waitpid(pid, 0)
      sys.stdout.write(shown.decode(errors="replace"))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", "-c", driver, try executable.path, "\(arguments.count)"] + arguments
      + answers.flatMap { [$0.0, $0.1] }
    process.environment = [
      "CAMPGROUND_DATABASE": folder.appendingPathComponent("db.sqlite").path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let shown = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    return String(decoding: shown, as: UTF8.self)
  }

  /// On a terminal the password is typed unseen: the terminal shows the prompts, not the
  /// password, and the account works.
  func testAPasswordTypedAtATerminalIsNeverShown() throws {
    let shown = try runOnTerminal(
      ["ranger", "add", "--email", "ranger@camp.test"],
      answering: [("Password: ", "s3cret-pw"), ("Password again: ", "s3cret-pw")])

    XCTAssertTrue(shown.contains("Ranger ranger@camp.test added"), shown)
    XCTAssertTrue(shown.contains("Password: [typed]"), shown)
    XCTAssertFalse(shown.contains("s3cret"), shown)
    let login = try runOnTerminal(
      ["login", "--email", "ranger@camp.test"], answering: [("Password: ", "s3cret-pw")])
    XCTAssertTrue(login.contains("Welcome, Ranger."), login)
    XCTAssertFalse(login.contains("s3cret"), login)
  }

  private func run(_ arguments: [String], input: String? = nil) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let process = Process()
    process.executableURL = try executable
    process.arguments = arguments
    process.environment = [
      "CAMPGROUND_DATABASE": folder.appendingPathComponent("db.sqlite").path
    ]
    let out = Pipe()
    let err = Pipe()
    let stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    if let input {
      stdin.fileHandleForWriting.write(Data(input.utf8))
      try stdin.fileHandleForWriting.close()
    }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: stdout, as: UTF8.self),
      String(decoding: stderr, as: UTF8.self)
    )
  }

  func testUserCanAddAndListSites() throws {
    XCTAssertEqual(try run(["add-site", "--number", "2", "--rate", "12.5"]).status, 0)

    let listed = try run(["sites"])

    XCTAssertEqual(listed.status, 0)
    XCTAssertTrue(listed.stdout.contains("   2  no           no     12.50"), listed.stdout)
  }

  func testBadInputGivesOneLineErrorAndNonZeroExit() throws {
    XCTAssertEqual(try run(["add-site", "--number", "1", "--rate", "10"]).status, 0)
    XCTAssertEqual(try run(["add-camper", "--name", "Ada", "--phone", "1"]).status, 0)

    let refused = try run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2025-06-01", "--nights", "0",
    ])
    let duplicate = try run(["add-site", "--number", "1", "--rate", "10"])

    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.stderr, "Error: Invalid number of days: 0 (a stay is 1 to 365 nights)\n")
    XCTAssertEqual(duplicate.status, 1)
    XCTAssertEqual(duplicate.stderr, "Error: Site 1 already exists\n")
  }

  /// A whole stay, as a user types it: camper, site, free sites, booking, sign-in, payment,
  /// cancellation, and the history that shows it.
  func testAWholeStayThroughTheBuiltProgram() throws {
    func succeed(_ arguments: [String], input: String? = nil) throws -> String {
      let result = try run(arguments, input: input)
      XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
      return result.stdout
    }

    XCTAssertEqual(
      try succeed(["add-camper", "--name", "Bacon Lover", "--phone", "910-543-9000"]),
      "Camper 1: Bacon Lover (910-543-9000)\n")
    XCTAssertEqual(
      try succeed(["add-site", "--number", "7", "--rate", "25", "--electricity"]),
      "Added site 7 at 25.00 a night.\n")
    XCTAssertTrue(
      try succeed(["availability", "--from", "2025-07-01", "--nights", "3"])
        .contains("   7  yes"))
    XCTAssertEqual(
      try succeed([
        "reserve", "--camper", "1", "--site", "7", "--from", "2025-07-01", "--nights", "3",
      ]),
      "Reservation 1: site 7 for Bacon Lover from 2025-07-01, 3 night(s), 90.00 due\n")
    XCTAssertEqual(
      try succeed(["availability", "--from", "2025-07-02", "--nights", "1"]),
      "No site is free for 1 night(s) from 2025-07-02.\n")

    let unsigned = try run(["pay", "1", "--amount", "90"])
    XCTAssertEqual(unsigned.status, 1)
    XCTAssertEqual(unsigned.stderr, "Error: Sign in first with: campground login\n")

    // A password piped in is refused: typed, it is read unseen (below); scripted, from a file.
    XCTAssertEqual(
      try run(["ranger", "add", "--email", "ranger@camp.test"], input: "s3cret-pw\ns3cret-pw\n")
        .stderr,
      "Error: \(CampgroundUIError.passwordNeedsTerminal)\n")
    let password = try passwordFile("s3cret-pw")
    let wrong = try passwordFile("wrong-pw")
    XCTAssertEqual(
      try succeed(["ranger", "add", "--email", "ranger@camp.test", "--password-file", password]),
      "Ranger ranger@camp.test added; sign in with: campground login --email ranger@camp.test\n")
    XCTAssertEqual(
      try run(["login", "--email", "ranger@camp.test", "--password-file", wrong]).stderr,
      "Error: Login failed: That email and password do not match an account\n")
    XCTAssertTrue(
      try succeed(["login", "--email", "ranger@camp.test", "--password-file", password])
        .hasPrefix("Welcome, Ranger. Signed in until "))
    XCTAssertEqual(
      try succeed(["pay", "1", "--amount", "90"]), "Reservation 1: paid 90.00, paid in full.\n")
    XCTAssertEqual(try succeed(["cancel", "1"]), "Cancelled reservation 1.\n")
    let history = try succeed(["reservations", "--camper", "1"])
    XCTAssertTrue(history.contains("Cancelled  90.00  90.00"), history)
    XCTAssertEqual(try succeed(["logout"]), "Signed out.\n")
  }

  /// The crash of the issue: a number of nights that made the price overflow trapped (exit 132).
  func testAHugeNumberOfNightsIsAnErrorNotACrash() throws {
    XCTAssertEqual(try run(["add-site", "--number", "1", "--rate", "10"]).status, 0)
    XCTAssertEqual(try run(["add-camper", "--name", "Ada", "--phone", "1"]).status, 0)

    let result = try run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2025-06-01", "--nights",
      "10000000000000000",
    ])

    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      "Error: Invalid number of days: 10000000000000000 (a stay is 1 to 365 nights)\n")
  }

  func testMalformedFlagIsAUsageError() throws {
    let result = try run([
      "reserve", "--camper", "1", "--site", "1", "--from", "June", "--nights", "1",
    ])

    XCTAssertEqual(result.status, 64)
    XCTAssertTrue(
      result.stderr.hasPrefix("Error: The value 'June' is invalid for '--from <day>'\n"),
      result.stderr)
  }
}
