import CampgroundUI
import Foundation
import WeatherKit
import XCTest

final class WeatherLineTests: XCTestCase {
  private func weather(
    units: String?, temperature: Double = 8.46, windSpeed: Double = 3.25,
    summary: String = "Light Rain", latitude: Double = 1, longitude: Double = 2
  ) -> WeatherData {
    WeatherData(
      latitude: latitude, longitude: longitude,
      currently: CurrentConditions(
        time: Date(timeIntervalSince1970: 0), summary: summary, icon: "rain",
        temperature: temperature, windSpeed: windSpeed),
      units: units)
  }

  func testMetricAndUSUnits() throws {
    XCTAssertEqual(try WeatherLine.render(weather(units: "si")), "Light Rain, 8.5°C, wind 3.3 m/s")
    XCTAssertEqual(try WeatherLine.render(weather(units: nil)), "Light Rain, 8.5°F, wind 3.3 mph")
    XCTAssertEqual(
      try WeatherLine.render(weather(units: "ca")), "Light Rain, 8.5°C, wind 3.3 km/h")
    XCTAssertEqual(
      try WeatherLine.render(weather(units: "uk2")), "Light Rain, 8.5°C, wind 3.3 mph")
  }

  /// A temperature of 1e300 trapped in `Int(Double)`: every value no weather has is refused
  /// with the error that names it, the edges of the ranges themselves shown.
  func testValuesNoWeatherHasAreRefusedNotATrap() throws {
    let refused: [(WeatherData, String)] = [
      (
        weather(units: "si", temperature: 1e300),
        "temperature of 1e+300°C, outside -100.0 to 100.0°C"
      ),
      (
        weather(units: "us", temperature: -300),
        "temperature of -300.0°F, outside -148.0 to 212.0°F"
      ),
      (weather(units: "si", windSpeed: -3), "wind speed of -3.0 m/s, outside 0.0 to 150.0 m/s"),
      (weather(units: "ca", windSpeed: .infinity), "wind speed of inf km/h"),
      (weather(units: "si", temperature: .nan), "temperature of nan°C"),
      (weather(units: "si", latitude: 91), "latitude of 91.0°, outside -90.0 to 90.0°"),
      (weather(units: "si", longitude: -180.5), "longitude of -180.5°, outside -180.0 to 180.0°"),
    ]
    for (data, fragment) in refused {
      XCTAssertThrowsError(try WeatherLine.render(data), fragment) { error in
        XCTAssertTrue("\(error)".contains(fragment), "\(error)")
        // Described alike (a NaN in the error is never equal to itself).
        XCTAssertEqual(
          (error as? WeatherDataError).map { "\($0)" }, data.valueOutOfRange.map { "\($0)" })
      }
    }

    XCTAssertEqual(
      try WeatherLine.render(weather(units: "si", temperature: -100, windSpeed: 150)),
      "Light Rain, -100.0°C, wind 150.0 m/s")
  }

  /// The summary is the weather service's text: a control character in it is shown as its code.
  func testTheSummaryCannotActOnTheTerminal() throws {
    XCTAssertEqual(
      try WeatherLine.render(weather(units: "si", summary: "Clear\u{1B}[2J")),
      "Clear\\u{1B}[2J, 8.5°C, wind 3.3 m/s")
  }
}
