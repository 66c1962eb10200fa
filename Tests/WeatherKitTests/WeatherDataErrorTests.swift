import WeatherKit
import XCTest

final class WeatherDataErrorTests: XCTestCase {
  func testDescriptionsAreOneLineAndSpecific() {
    let cases: [(WeatherDataError, String)] = [
      (.invalidCoordinates(latitude: 91, longitude: 2), "91.0,2.0"),
      (.failedRequest("offline"), "offline"),
      (.invalidResponse, "HTTP response"),
      (.httpStatus(404), "404"),
      (.invalidData, "not a forecast"),
      (.locationUnavailable("denied"), "denied"),
    ]

    for (error, fragment) in cases {
      XCTAssertTrue(error.description.contains(fragment), error.description)
      XCTAssertFalse(error.description.contains("\n"))
      XCTAssertEqual(error.localizedDescription, error.description)
    }
  }
}
