import Foundation
import WeatherKit
import XCTest

final class WeatherDataTests: XCTestCase {
  func testDecodesDarkSkyStyleJSON() throws {
    XCTAssertEqual(try WeatherData.decode(from: WeatherFixtures.json), WeatherFixtures.weather)
  }

  func testUnitsAreOptional() throws {
    let json = Data(
      """
      {"latitude": 1, "longitude": 2,
       "currently": {"time": 0, "summary": "Clear", "icon": "clear-day", "temperature": 70, "windSpeed": 0}}
      """.utf8)

    let weather = try WeatherData.decode(from: json)

    XCTAssertNil(weather.units)
    XCTAssertEqual(weather.currently.summary, "Clear")
    XCTAssertEqual(weather.currently.time, Date(timeIntervalSince1970: 0))
  }

  func testMissingCurrentConditionsIsAnError() {
    XCTAssertThrowsError(
      try WeatherData.decode(from: Data(#"{"latitude": 1, "longitude": 2}"#.utf8)))
  }

  func testEachUnitSystemIsLabelledAsTheServiceDefinesIt() {
    let cases: [(String?, String, String)] = [
      ("si", "°C", "m/s"), ("ca", "°C", "km/h"), ("uk", "°C", "mph"), ("uk2", "°C", "mph"),
      ("us", "°F", "mph"), (nil, "°F", "mph"),
    ]
    for (units, temperature, wind) in cases {
      let weather = WeatherData(
        latitude: 0, longitude: 0, currently: WeatherFixtures.weather.currently, units: units)
      XCTAssertEqual(weather.temperatureUnit, temperature, String(describing: units))
      XCTAssertEqual(weather.windSpeedUnit, wind, String(describing: units))
    }
  }
}
