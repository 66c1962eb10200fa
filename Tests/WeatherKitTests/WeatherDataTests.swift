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

  /// Every figure is checked against what weather can be, in the forecast's own units.
  func testValuesOutsideWhatWeatherCanBeAreNamed() {
    func weather(_ units: String?, temperature: Double = 20, wind: Double = 2) -> WeatherData {
      WeatherData(
        latitude: 45, longitude: -78,
        currently: CurrentConditions(
          time: Date(timeIntervalSince1970: 0), summary: "Clear", icon: "clear-day",
          temperature: temperature, windSpeed: wind),
        units: units)
    }

    XCTAssertNil(weather("si").valueOutOfRange)
    XCTAssertNil(weather("us", temperature: 212, wind: 336).valueOutOfRange)
    XCTAssertNil(weather("ca", temperature: -100, wind: 540).valueOutOfRange)
    XCTAssertEqual(
      weather("si", temperature: 101).valueOutOfRange,
      .valueOutOfRange(name: "temperature", value: 101, range: -100...100, unit: "°C"))
    XCTAssertEqual(
      weather(nil, temperature: -149).valueOutOfRange,
      .valueOutOfRange(name: "temperature", value: -149, range: -148...212, unit: "°F"))
    XCTAssertEqual(
      weather("si", wind: 151).valueOutOfRange,
      .valueOutOfRange(name: "wind speed", value: 151, range: 0...150, unit: " m/s"))
    XCTAssertEqual(
      weather("uk2", wind: -1).valueOutOfRange,
      .valueOutOfRange(name: "wind speed", value: -1, range: 0...336, unit: " mph"))
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
