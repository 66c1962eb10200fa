import CampgroundUI
import Foundation
import XCTest

final class EnvironmentTests: XCTestCase {
  private let folder = URL(fileURLWithPath: "/data")

  func testOptionWinsOverEnvironmentWhichWinsOverDefault() {
    let environment = ["CAMPGROUND_DATABASE": "/env/db.sqlite"]

    XCTAssertEqual(
      Environment.databaseURL(
        option: "/opt/db.sqlite", environment: environment, defaultFolder: folder
      ).path,
      "/opt/db.sqlite")
    XCTAssertEqual(
      Environment.databaseURL(option: nil, environment: environment, defaultFolder: folder).path,
      "/env/db.sqlite")
    XCTAssertEqual(
      Environment.databaseURL(option: nil, environment: [:], defaultFolder: folder).path,
      "/data/campground/campground.sqlite")
  }

  /// Only the default database's folder is the campground's own, kept 700 even if it existed.
  func testOnlyTheDefaultDatabaseOwnsItsFolder() {
    XCTAssertTrue(Environment.usesDefaultDatabase(option: nil, environment: [:]))
    XCTAssertTrue(
      Environment.usesDefaultDatabase(option: "", environment: ["CAMPGROUND_DATABASE": ""]))
    XCTAssertFalse(Environment.usesDefaultDatabase(option: "/opt/db.sqlite", environment: [:]))
    XCTAssertFalse(
      Environment.usesDefaultDatabase(
        option: nil, environment: ["CAMPGROUND_DATABASE": "/env/db.sqlite"]))
  }

  /// `$HOME` was ignored (the account's home from the user database was used, `/root` for
  /// root): a test or a CI job that set it wrote into the user's real data.
  func testHomeIsTheEnvironmentsWhenItIsAnAbsolutePath() {
    let account = URL(fileURLWithPath: "/root")

    XCTAssertEqual(
      Environment.homeFolder(environment: ["HOME": "/tmp/fresh-home"], account: account).path,
      "/tmp/fresh-home")
    XCTAssertEqual(
      Environment.homeFolder(environment: ["HOME": "relative"], account: account).path, "/root")
    XCTAssertEqual(Environment.homeFolder(environment: [:], account: account).path, "/root")
  }

  #if os(Linux)
    func testDefaultFolderFollowsXDGDataHomeElseLocalShare() {
      let home = URL(fileURLWithPath: "/home/ranger")

      XCTAssertEqual(
        Environment.defaultFolder(environment: ["XDG_DATA_HOME": "/srv/data"], home: home).path,
        "/srv/data")
      XCTAssertEqual(
        Environment.defaultFolder(environment: ["XDG_DATA_HOME": "relative"], home: home).path,
        "/home/ranger/.local/share")
      XCTAssertEqual(
        Environment.defaultFolder(environment: [:], home: home).path, "/home/ranger/.local/share")
    }

    /// The session token is state, not data: `$XDG_STATE_HOME`, else `~/.local/state`.
    func testStateFolderFollowsXDGStateHomeElseLocalState() {
      let home = URL(fileURLWithPath: "/home/ranger")

      XCTAssertEqual(
        Environment.stateFolder(environment: ["XDG_STATE_HOME": "/srv/state"], home: home).path,
        "/srv/state")
      XCTAssertEqual(
        Environment.stateFolder(environment: ["XDG_STATE_HOME": "relative"], home: home).path,
        "/home/ranger/.local/state")
      XCTAssertEqual(
        Environment.stateFolder(environment: [:], home: home).path, "/home/ranger/.local/state")
      XCTAssertEqual(
        SessionTokenFile.url(environment: [:], stateFolder: URL(fileURLWithPath: "/srv/state"))
          .path,
        "/srv/state/campground/session-token")
    }
  #endif
}
