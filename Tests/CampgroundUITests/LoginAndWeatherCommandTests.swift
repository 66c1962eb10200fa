import CampgroundKit
import CampgroundUI
import XCTest

final class LoginAndWeatherCommandTests: XCTestCase {
  private var harness: CommandHarness!

  override func setUp() {
    harness = CommandHarness()
  }

  /// The database `login` uses without `--database`: the app folder's.
  private var defaultDatabase: [String] {
    ["--database", harness.folder.appendingPathComponent("campground/campground.sqlite").path]
  }

  override func tearDown() {
    harness.removeFolder()
    harness = nil
  }

  /// The session token this user's commands read.
  private var token: String? {
    SessionTokenFile.read(
      from: SessionTokenFile.url(environment: harness.environment, stateFolder: harness.folder))
  }

  func testLoginAsksForCredentialsWelcomesTheRangerAndKeepsTheSession() async throws {
    try await harness.addRanger(defaultDatabase)
    harness.reader = ScriptedReader(["Ranger@Camp.test", "campfire"])

    let output = try await harness.runRaw(["login"])

    XCTAssertEqual(output, "Welcome, Ranger. Signed in until 2025-06-01 08:00 UTC.")
    XCTAssertEqual(harness.reader.prompts, ["Email: ", "Password: "])
    // The password is read unseen, the email is not.
    XCTAssertEqual(harness.reader.hiddenPrompts, ["Password: "])
    let database = try CampgroundDatabase.open(
      at: harness.folder.appendingPathComponent("campground/campground.sqlite"))
    XCTAssertEqual(
      try SessionService(database: database).current(token: token, now: harness.today)?.email,
      "ranger@camp.test")
  }

  func testWrongPasswordStartsNoSession() async throws {
    try await harness.addRanger(defaultDatabase)
    harness.reader = ScriptedReader(["campfirE"])

    await assertFails(
      ["login", "--email", "ranger@camp.test"],
      with: .loginFailed("That email and password do not match an account"))
    let database = try CampgroundDatabase.open(
      at: harness.folder.appendingPathComponent("campground/campground.sqlite"))
    XCTAssertNil(token)
    XCTAssertNil(try SessionService(database: database).current(token: token, now: harness.today))
  }

  /// The session belongs to the user who signed in: their token file (mode 600) proves it;
  /// another user's terminal on the same database (another token file) is not signed in, and
  /// logging out forgets the token.
  func testOnlyTheUserWhoSignedInIsSignedIn() async throws {
    try await harness.signIn()
    let tokenFile = SessionTokenFile.url(
      environment: harness.environment, stateFolder: harness.folder)
    let mode =
      try FileManager.default.attributesOfItem(atPath: tokenFile.path)[
        .posixPermissions] as? NSNumber
    XCTAssertEqual(mode?.intValue, 0o600)
    _ = try await harness.run(["add-site", "--number", "3", "--rate", "20"])

    // Another user on the same database: their own token file, which holds no token.
    harness.environment[SessionTokenFile.environmentVariable] =
      harness.folder.appendingPathComponent("other-terminal-token").path
    do {
      _ = try await harness.run(["delete-site", "--number", "3"])
      XCTFail("another terminal deleted a site without signing in")
    } catch {
      XCTAssertEqual(error as? CampgroundError, .notSignedIn)
    }
    harness.environment[SessionTokenFile.environmentVariable] = nil

    let deleted = try await harness.run(["delete-site", "--number", "3"])
    XCTAssertEqual(deleted, "Deleted site 3.")
    let signedOut = try await harness.run(["logout"])
    XCTAssertEqual(signedOut, "Signed out.")
    XCTAssertFalse(FileManager.default.fileExists(atPath: tokenFile.path))
  }

  /// There was one session per database: a second ranger's sign-in signed the first out, and a
  /// `logout` with no token signed out whoever was signed in. Each token is its own session now.
  func testEachRangerIsSignedInAndOutAlone() async throws {
    try await harness.signIn()
    harness.reader = ScriptedReader(["second1!", "second1!"])
    _ = try await harness.run(["ranger", "add", "--email", "second@camp.test"])
    let secondTerminal = harness.folder.appendingPathComponent("second-terminal-token").path
    harness.environment[SessionTokenFile.environmentVariable] = secondTerminal
    harness.reader = ScriptedReader(["second1!"])
    _ = try await harness.run(["login", "--email", "second@camp.test"])
    harness.environment[SessionTokenFile.environmentVariable] = nil

    let firstStillIn = try await harness.run(["add-site", "--number", "1", "--rate", "10"])
    harness.environment[SessionTokenFile.environmentVariable] =
      harness.folder.appendingPathComponent("no-token-here").path
    let nobody = try await harness.run(["logout"])
    harness.environment[SessionTokenFile.environmentVariable] = secondTerminal
    let secondOut = try await harness.run(["logout"])
    harness.environment[SessionTokenFile.environmentVariable] = nil
    let firstAfter = try await harness.run(["add-site", "--number", "2", "--rate", "10"])

    XCTAssertEqual(firstStillIn, "Added site 1 at 10.00 a night.")
    XCTAssertEqual(nobody, "Nobody was signed in.")
    XCTAssertEqual(secondOut, "Signed out.")
    XCTAssertEqual(firstAfter, "Added site 2 at 10.00 a night.", "the first ranger is still in")
  }

  /// Sign-in was never limited: after five wrong passwords it waits, says how long, and
  /// checks nothing meanwhile, not even the right password.
  func testSignInWaitsAfterFiveFailuresAndSaysHowLong() async throws {
    try await harness.addRanger()
    for _ in 1...5 {
      harness.reader = ScriptedReader(["campfirE"])
      await assertFails(
        ["login", "--email", "ranger@camp.test", "--database", harness.databasePath],
        with: .loginFailed("That email and password do not match an account"))
    }

    harness.reader = ScriptedReader(["campfire"])
    await assertFails(
      ["login", "--email", "ranger@camp.test", "--database", harness.databasePath],
      with: .loginFailed("Too many failed sign-ins; try again in 1 s"))
    XCTAssertNil(token)
  }

  /// A ranger could be neither removed nor given a new password. Removing needs a ranger and
  /// keeps the last one; a new password needs the current one and signs the ranger out.
  func testRangersAreRemovedAndChangeTheirPasswords() async throws {
    try await harness.signIn()
    harness.reader = ScriptedReader(["second1!", "second1!"])
    _ = try await harness.run(["ranger", "add", "--email", "second@camp.test"])

    let removed = try await harness.run(["ranger", "remove", "--email", "Second@camp.test"])
    do {
      _ = try await harness.run(["ranger", "remove", "--email", "ranger@camp.test"])
      XCTFail("the last ranger was removed")
    } catch {
      XCTAssertEqual(error as? CampgroundError, .lastRanger("ranger@camp.test"))
    }
    harness.reader = ScriptedReader(["not it", "new-campfire", "new-campfire"])
    do {
      _ = try await harness.run(["ranger", "password", "--email", "ranger@camp.test"])
      XCTFail("a password changed without the current one")
    } catch {
      XCTAssertEqual(error as? CampgroundError, .wrongPassword)
    }
    harness.reader = ScriptedReader(["campfire", "new-campfire", "new-campfire"])
    let changed = try await harness.run(["ranger", "password", "--email", "ranger@camp.test"])

    XCTAssertEqual(removed, "Ranger second@camp.test removed; their sessions ended.")
    XCTAssertEqual(
      changed,
      "Password changed for ranger@camp.test; their sessions ended: sign in again with: campground login --email ranger@camp.test"
    )
    XCTAssertEqual(
      harness.reader.hiddenPrompts,
      ["Current password: ", "New password: ", "New password again: "])
    do {
      _ = try await harness.run(["add-site", "--number", "1", "--rate", "10"])
      XCTFail("the session outlived the password")
    } catch {
      XCTAssertEqual(error as? CampgroundError, .notSignedIn)
    }
    harness.reader = ScriptedReader(["new-campfire"])
    let welcome = try await harness.run(["login", "--email", "ranger@camp.test"])
    XCTAssertTrue(welcome.hasPrefix("Welcome, Ranger."), welcome)
  }

  func testLoginWithoutAnAccountSaysHowToAddOne() async {
    await assertFails(["login", "--email", "ranger@camp.test"], with: .missingAccount)
    XCTAssertEqual(
      CampgroundUIError.missingAccount.description,
      "No ranger account yet: add one with: campground ranger add --email EMAIL")
  }

  /// The first account needs no sign-in; a second needs a ranger's, and the password twice.
  func testRangerAddAsksTwiceAndNeedsARangerOnceOneExists() async throws {
    harness.reader = ScriptedReader(["campfire", "campfirE"])
    await assertFails(["ranger", "add", "--email", "ranger@camp.test"], with: .passwordsDiffer)

    try await harness.addRanger()
    XCTAssertEqual(harness.reader.prompts, ["Password: ", "Password again: "])
    XCTAssertEqual(harness.reader.hiddenPrompts, ["Password: ", "Password again: "])

    harness.reader = ScriptedReader(["second1!", "second1!"])
    do {
      _ = try await harness.run(["ranger", "add", "--email", "second@camp.test"])
      XCTFail("a second ranger was added without a sign-in")
    } catch {
      XCTAssertEqual(error as? CampgroundError, .notSignedIn)
    }
    harness.reader = ScriptedReader(["campfire"])
    _ = try await harness.run(["login", "--email", "ranger@camp.test"])
    harness.reader = ScriptedReader(["second1!", "second1!"])
    let added = try await harness.run(["ranger", "add", "--email", "second@camp.test"])
    XCTAssertEqual(
      added,
      "Ranger second@camp.test added; sign in with: campground login --email second@camp.test")
  }

  func testWeatherNeedsAnAPIKey() async {
    await assertFails(["weather"], with: .missingAPIKey)
  }

  func testWeatherPrintsOneLineForTheCampground() async throws {
    harness.urlSession = MockWeatherSession(
      status: 200,
      body: """
        {"latitude": 45.5, "longitude": -78.3,
         "currently": {"time": 0, "summary": "Clear", "icon": "clear-day", "temperature": 20, "windSpeed": 2},
         "flags": {"units": "si"}}
        """)

    let line = try await harness.runRaw([
      "weather", "--api-key", "KEY", "--latitude", "45.5", "--longitude", "-78.3",
    ])

    XCTAssertEqual(line, "Clear, 20.0°C, wind 2.0 m/s")
    XCTAssertEqual(
      harness.urlSession.requestedURLs.map(\.absoluteString),
      ["https://api.pirateweather.net/forecast/KEY/45.5,-78.3?units=si"])
  }

  /// `--near` asks for the weather at a named place, and the location manager's point-of-interest
  /// check names the place; a location within a kilometre of one is named too, one farther is not.
  func testWeatherNearAPlaceNamesIt() async throws {
    let clear = """
      {"latitude": 45.6, "longitude": -78.3,
       "currently": {"time": 0, "summary": "Clear", "icon": "clear-day", "temperature": 20, "windSpeed": 2},
       "flags": {"units": "si"}}
      """
    harness.urlSession = MockWeatherSession(status: 200, body: clear)

    let lake = try await harness.runRaw(["weather", "--api-key", "KEY", "--near", "Lake"])
    // 700 m north of the trailhead: within its kilometre.
    let close = try await harness.runRaw([
      "weather", "--api-key", "KEY", "--latitude", "45.5764", "--longitude", "-78.3803",
    ])
    // 5 km from every place.
    let away = try await harness.runRaw([
      "weather", "--api-key", "KEY", "--latitude", "45.62", "--longitude", "-78.40",
    ])

    XCTAssertEqual(lake, "Near the lake: Clear, 20.0°C, wind 2.0 m/s")
    XCTAssertEqual(close, "Near the trailhead: Clear, 20.0°C, wind 2.0 m/s")
    XCTAssertEqual(away, "Clear, 20.0°C, wind 2.0 m/s")
    XCTAssertEqual(
      harness.urlSession.requestedURLs.first?.absoluteString,
      "https://api.pirateweather.net/forecast/KEY/45.5972,-78.3421?units=si")
    await assertFails(
      ["weather", "--api-key", "KEY", "--near", "pier"],
      with: .unknownPlace("pier", known: ["office", "lake", "trailhead"]))
    XCTAssertEqual(
      CampgroundUIError.unknownPlace("pier", known: ["office", "lake"]).description,
      "No place called 'pier'; the campground's places are office, lake")
  }

  /// A temperature of 1e300 trapped (`Int(Double)`): a value no weather has is refused with one
  /// line, and nothing else is shown.
  func testWeatherOutOfRangeIsRefusedWithAClearLine() async {
    harness.urlSession = MockWeatherSession(
      status: 200,
      body: """
        {"latitude": 45.5, "longitude": -78.3,
         "currently": {"time": 0, "summary": "Clear", "icon": "clear-day", "temperature": 1e300, "windSpeed": 2},
         "flags": {"units": "si"}}
        """)

    do {
      _ = try await harness.runRaw(["weather", "--api-key", "KEY"])
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(
        CampgroundCommand.message(for: error),
        "The weather service sent a temperature of 1e+300°C, outside -100.0 to 100.0°C; no weather is shown"
      )
      XCTAssertEqual(CampgroundCommand.exitCode(for: error), .failure)
    }
  }

  func testWeatherFailureIsAnError() async {
    harness.environment = ["PIRATE_WEATHER_API_KEY": "KEY"]

    do {
      _ = try await harness.runRaw(["weather"])
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(
        CampgroundCommand.message(for: error), "The weather service answered with HTTP status 500")
    }
  }

  /// A password file stands for the typed password in `ranger add` and `login`; one others can
  /// read is refused, as ssh refuses such a key.
  func testAPasswordFileOnlyItsOwnerCanReadStandsForTheTypedPassword() async throws {
    let file = harness.folder.appendingPathComponent("password").path
    try FileManager.default.createDirectory(at: harness.folder, withIntermediateDirectories: true)
    try "campfire\n".write(toFile: file, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
    harness.reader = ScriptedReader([])
    await assertFails(
      ["ranger", "add", "--email", "ranger@camp.test", "--password-file", file],
      with: .passwordFile(file, "can be read by others (mode 644); chmod 600 \(file)"))

    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
    _ = try await harness.runRaw([
      "ranger", "add", "--email", "ranger@camp.test", "--password-file", file,
    ])
    let output = try await harness.runRaw([
      "login", "--email", "ranger@camp.test", "--password-file", file,
    ])

    XCTAssertTrue(output.hasPrefix("Welcome, Ranger."), output)
    XCTAssertEqual(harness.reader.prompts, [], "nothing was asked")
    try "\n".write(toFile: file, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
    await assertFails(
      ["login", "--email", "ranger@camp.test", "--password-file", file],
      with: .passwordFile(file, "is empty"))
    await assertFails(
      ["login", "--email", "ranger@camp.test", "--password-file", file + ".missing"],
      with: .passwordFile(file + ".missing", "cannot be read"))
  }

  private func assertFails(
    _ arguments: [String], with expected: CampgroundUIError, line: UInt = #line
  ) async {
    do {
      _ = try await harness.runRaw(arguments)
      XCTFail("expected \(expected)", line: line)
    } catch {
      XCTAssertEqual(error as? CampgroundUIError, expected, line: line)
      XCTAssertEqual(CampgroundCommand.message(for: error), expected.description, line: line)
    }
  }
}
