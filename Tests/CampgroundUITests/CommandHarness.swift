import CampgroundUI
import Foundation
import XCTest

/// Runs `campground` subcommands in-process against a database in a fresh temporary folder.
final class CommandHarness {
  let folder: URL
  /// The campground is in UTC unless a test says otherwise: the same days on every machine.
  var environment: [String: String] = [Environment.timeZone: "UTC"]
  var reader = ScriptedReader([])
  var urlSession = MockWeatherSession(status: 500, body: "")
  let today = CampgroundCalendarFixture.june1
  /// What the commands noted beside their output (standard error in the app).
  let notes = Notes()

  init() {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "campground-ui-\(UUID().uuidString)")
  }

  /// The database file the commands use unless told otherwise.
  var databasePath: String { folder.appendingPathComponent("test.sqlite").path }

  /// Runs `arguments` with `--database` pointing into the temporary folder.
  func run(_ arguments: [String]) async throws -> String {
    try await CampgroundCommand.output(for: arguments + ["--database", databasePath], in: context)
  }

  /// Runs `arguments` exactly as given.
  func runRaw(_ arguments: [String]) async throws -> String {
    try await CampgroundCommand.output(for: arguments, in: context)
  }

  var context: CommandContext {
    var context = CommandContext(
      environment: environment, defaultFolder: folder, reader: reader, urlSession: urlSession,
      now: today)
    // Fewer PBKDF2 rounds than the standard 600,000: each hash keeps its own rounds.
    context.passwordRounds = 1_000
    context.note = { [notes] in notes.append($0) }
    return context
  }

  /// Adds the ranger account `ranger@camp.test` (password "campfire") to the database at
  /// `arguments`' `--database` (the harness's own unless given).
  func addRanger(_ arguments: [String] = []) async throws {
    reader = ScriptedReader(["campfire", "campfire"])
    let database = arguments.isEmpty ? ["--database", databasePath] : arguments
    _ = try await runRaw(["ranger", "add", "--email", "ranger@camp.test"] + database)
  }

  /// Adds the ranger and signs in, as `campground login` does, so ranger-only commands run.
  func signIn() async throws {
    try await addRanger()
    reader = ScriptedReader(["campfire"])
    _ = try await run(["login", "--email", "ranger@camp.test"])
  }

  func removeFolder() {
    try? FileManager.default.removeItem(at: folder)
  }
}

/// The lines commands noted, in order.
final class Notes: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) {
    lock.lock()
    lines.append(line)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}

/// The days the UI tests book.
enum CampgroundCalendarFixture {
  static let june1 = Date(timeIntervalSince1970: 1_748_736_000)  // 2025-06-01T00:00:00Z
}
