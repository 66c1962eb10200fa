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
  #endif
}
