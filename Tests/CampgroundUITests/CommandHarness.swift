import CampgroundUI
import Foundation
import XCTest

/// Runs `campground` subcommands in-process against a database in a fresh temporary folder.
final class CommandHarness {
  let folder: URL
  var environment: [String: String] = [:]
  var reader = ScriptedReader([])
  var urlSession = MockWeatherSession(status: 500, body: "")
  let today = CampgroundCalendarFixture.june1

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
    CommandContext(
      environment: environment, defaultFolder: folder, reader: reader, urlSession: urlSession,
      now: today)
  }

  /// Signs the ranger in, as `campground login` does, so ranger-only commands run.
  func signIn() async throws {
    environment[Environment.rangerEmail] = "ranger@camp.test"
    environment[Environment.rangerPassword] = "pw"
    reader = ScriptedReader(["pw"])
    _ = try await run(["login", "--email", "ranger@camp.test"])
  }

  func removeFolder() {
    try? FileManager.default.removeItem(at: folder)
  }
}

/// The days the UI tests book.
enum CampgroundCalendarFixture {
  static let june1 = Date(timeIntervalSince1970: 1_748_736_000)  // 2025-06-01T00:00:00Z
}
