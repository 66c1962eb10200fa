import CampgroundUI
import Foundation
import XCTest

/// Runs the built `campground` binary, as a user would, in a fresh home folder: `HOME` is a
/// temporary folder and nothing else of the developer's environment is passed (no
/// `XDG_DATA_HOME`, no `CAMPGROUND_DATABASE`), so a run never reads or writes the developer's
/// own database or session token.
final class CampgroundExecutableTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "campground-exe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The fresh home folder every run gets as `HOME`.
  private var home: URL { folder.appendingPathComponent("home") }

  /// The whole environment of a run: the fresh home and a `PATH`, and `extra`.
  private func environment(_ extra: [String: String] = [:]) -> [String: String] {
    [
      "HOME": home.path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ].merging(extra) { _, new in new }
  }

  /// Where the program keeps its database in the fresh home (`~/.local/share/campground` on
  /// Linux, `~/Library/Application Support/campground` on macOS).
  private var defaultDatabase: URL {
    Environment.defaultFolder(environment: [:], home: home)
      .appendingPathComponent("campground/campground.sqlite")
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
    let path = folder.appendingPathComponent("password-\(password)").path
    try "\(password)\n".write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    return path
  }

  /// The permission bits of `url`.
  private func mode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try XCTUnwrap(attributes[.posixPermissions] as? NSNumber).intValue & 0o777
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
    process.environment = environment()
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

  private func run(
    _ arguments: [String], input: String? = nil, environment extra: [String: String] = [:]
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = try executable
    process.arguments = arguments
    process.environment = environment(extra)
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

  /// Runs `arguments`, which must succeed, and returns what they printed.
  private func succeed(_ arguments: [String], input: String? = nil, line: UInt = #line) throws
    -> String
  {
    let result = try run(arguments, input: input)
    XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)", line: line)
    return result.stdout
  }

  /// Adds the ranger `ranger@camp.test` (password "s3cret-pw", from a file) and signs in.
  private func signIn() throws {
    let password = try passwordFile("s3cret-pw")
    _ = try succeed(["ranger", "add", "--email", "ranger@camp.test", "--password-file", password])
    _ = try succeed(["login", "--email", "ranger@camp.test", "--password-file", password])
  }

  /// In a fresh home the database goes to the home's data folder, 600 in a 700 folder, and the
  /// session token to its state folder, 600: nothing to the account's real home. Made looser
  /// by hand, the files are made private again on the next run, which says so once.
  func testAFreshHomeGetsPrivateFilesAndNothingElse() throws {
    try signIn()
    let token = SessionTokenFile.url(
      environment: [:], stateFolder: Environment.stateFolder(environment: [:], home: home))

    XCTAssertEqual(try mode(defaultDatabase), 0o600)
    XCTAssertEqual(try mode(defaultDatabase.deletingLastPathComponent()), 0o700)
    XCTAssertEqual(try mode(token), 0o600)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: defaultDatabase.path)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: defaultDatabase.deletingLastPathComponent().path)

    let first = try run(["campers"])
    let second = try run(["campers"])

    XCTAssertEqual(
      first.stderr,
      "Note: others could read the campground's files; made them private to you: "
        + "\(defaultDatabase.deletingLastPathComponent().path) from 755 to 700, "
        + "\(defaultDatabase.path) from 644 to 600\n")
    XCTAssertEqual(first.stdout, "No campers yet. Add one with: campground add-camper\n")
    XCTAssertEqual(second.stderr, "")
    XCTAssertEqual(try mode(defaultDatabase), 0o600)
    XCTAssertEqual(try mode(defaultDatabase.deletingLastPathComponent()), 0o700)
  }

  #if os(Linux)
    /// `XDG_DATA_HOME` and `XDG_STATE_HOME` are honoured: the database and the token go there.
    func testTheXDGFoldersAreHonoured() throws {
      let data = folder.appendingPathComponent("xdg-data")
      let state = folder.appendingPathComponent("xdg-state")
      let xdg = ["XDG_DATA_HOME": data.path, "XDG_STATE_HOME": state.path]
      let password = try passwordFile("s3cret-pw")

      XCTAssertEqual(
        try run(
          ["ranger", "add", "--email", "ranger@camp.test", "--password-file", password],
          environment: xdg
        ).status, 0)
      XCTAssertEqual(
        try run(
          ["login", "--email", "ranger@camp.test", "--password-file", password], environment: xdg
        ).status, 0)

      XCTAssertTrue(
        FileManager.default.fileExists(
          atPath: data.appendingPathComponent("campground/campground.sqlite").path))
      XCTAssertTrue(
        FileManager.default.fileExists(
          atPath: state.appendingPathComponent("campground/session-token").path))
      XCTAssertFalse(FileManager.default.fileExists(atPath: defaultDatabase.path))
    }
  #endif

  func testUserCanAddAndListSites() throws {
    let unsigned = try run(["add-site", "--number", "2", "--rate", "12.5"])
    XCTAssertEqual(unsigned.status, 1)
    XCTAssertEqual(unsigned.stderr, "Error: Sign in first with: campground login\n")
    try signIn()
    XCTAssertEqual(try run(["add-site", "--number", "2", "--rate", "12.5"]).status, 0)

    let listed = try run(["sites"])

    XCTAssertEqual(listed.status, 0)
    XCTAssertTrue(listed.stdout.contains("   2  no           no     12.50"), listed.stdout)
  }

  func testBadInputGivesOneLineErrorAndNonZeroExit() throws {
    try signIn()
    _ = try succeed(["add-site", "--number", "1", "--rate", "10"])
    _ = try succeed(["add-camper", "--name", "Ada", "--phone", "1"])

    let refused = try run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2099-06-01", "--nights", "0",
    ])
    let duplicate = try run(["add-site", "--number", "1", "--rate", "10"])
    let past = try run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2020-01-01", "--nights", "2",
    ])
    let escape = try run(["add-camper", "--name", "Eve\u{1B}[2J", "--phone", "1"])

    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.stderr, "Error: Invalid number of days: 0 (a stay is 1 to 365 nights)\n")
    XCTAssertEqual(duplicate.status, 1)
    XCTAssertEqual(duplicate.stderr, "Error: Site 1 already exists\n")
    XCTAssertEqual(past.status, 1)
    XCTAssertTrue(
      past.stderr.hasPrefix(
        "Error: Cannot book a stay from 2020-01-01: that day has passed (today is "),
      past.stderr)
    XCTAssertEqual(escape.status, 1)
    XCTAssertEqual(
      escape.stderr,
      "Error: A camper's name cannot hold control characters (found U+001B): they act on a terminal instead of showing\n"
    )
  }

  /// A whole stay, as a user types it: camper, site, free sites, booking, sign-in, payment,
  /// refund, cancellation, the ledger and the history that show it.
  func testAWholeStayThroughTheBuiltProgram() throws {
    XCTAssertEqual(
      try succeed(["add-camper", "--name", "Bacon Lover", "--phone", "910-543-9000"]),
      "Camper 1: Bacon Lover (910-543-9000)\n")
    XCTAssertEqual(
      try run(["add-site", "--number", "7", "--rate", "25", "--electricity"]).stderr,
      "Error: Sign in first with: campground login\n")

    // A password piped in is refused: typed, it is read unseen (above); scripted, from a file.
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
      try succeed(["add-site", "--number", "7", "--rate", "25", "--electricity"]),
      "Added site 7 at 25.00 a night.\n")
    XCTAssertTrue(
      try succeed(["availability", "--from", "2099-07-01", "--nights", "3"])
        .contains("   7  yes"))
    XCTAssertEqual(
      try succeed([
        "reserve", "--camper", "1", "--site", "7", "--from", "2099-07-01", "--nights", "3",
      ]),
      "Reservation 1: site 7 for Bacon Lover from 2099-07-01, 3 night(s), 90.00 due\n")
    XCTAssertEqual(
      try succeed(["availability", "--from", "2099-07-02", "--nights", "1"]),
      "No site is free for 1 night(s) from 2099-07-02.\n")
    XCTAssertEqual(
      try succeed(["pay", "1", "--amount", "90"]), "Reservation 1: paid 90.00, paid in full.\n")
    XCTAssertEqual(try succeed(["cancel", "1"]), "Cancelled reservation 1.\n")
    XCTAssertEqual(
      try succeed(["pay", "1", "--refund", "90"]),
      "Reservation 1: refunded 90.00; paid 0.00, the stay is cancelled.\n")
    let ledger = try succeed(["payments", "--reservation", "1"])
    XCTAssertTrue(ledger.contains("payment   90.00  ranger@camp.test"), ledger)
    XCTAssertTrue(ledger.contains("refund   -90.00  ranger@camp.test"), ledger)
    XCTAssertTrue(ledger.hasSuffix("Reservation 1: paid 0.00, the stay is cancelled.\n"), ledger)
    let history = try succeed(["reservations", "--camper", "1"])
    XCTAssertTrue(history.contains("Cancelled  90.00  0.00"), history)
    XCTAssertEqual(
      try run(["delete-site", "--number", "7"]).stderr,
      "Error: Site 7 has reservation(s) 1 on record, kept with their payments; it cannot be deleted\n"
    )
    XCTAssertEqual(try succeed(["logout"]), "Signed out.\n")
    XCTAssertEqual(try succeed(["logout"]), "Nobody was signed in.\n")
  }

  /// The crash of the issue: a number of nights that made the price overflow trapped (exit 132).
  func testAHugeNumberOfNightsIsAnErrorNotACrash() throws {
    try signIn()
    _ = try succeed(["add-site", "--number", "1", "--rate", "10"])
    _ = try succeed(["add-camper", "--name", "Ada", "--phone", "1"])

    let result = try run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2099-06-01", "--nights",
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
