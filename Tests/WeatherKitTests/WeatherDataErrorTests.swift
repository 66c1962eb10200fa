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
      (.invalidCoordinates(latitude: 0.00001, longitude: 200), "0.00001,200.0"),
      (
        .valueOutOfRange(name: "temperature", value: 1e300, range: -100...100, unit: "°C"),
        "The weather service sent a temperature of 1e+300°C, outside -100.0 to 100.0°C; no weather is shown"
      ),
    ]

    for (error, fragment) in cases {
      XCTAssertTrue(error.description.contains(fragment), error.description)
      XCTAssertFalse(error.description.contains("\n"))
      XCTAssertEqual(error.localizedDescription, error.description)
    }
  }
}
