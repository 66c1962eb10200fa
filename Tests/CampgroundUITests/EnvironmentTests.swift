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

  func testDefaultFolderIsAbsolute() {
    XCTAssertTrue(Environment.defaultFolder.path.hasPrefix("/"))
  }
}
