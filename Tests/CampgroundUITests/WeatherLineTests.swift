import CampgroundUI
import Foundation
import WeatherKit
import XCTest

final class WeatherLineTests: XCTestCase {
  private func weather(units: String?) -> WeatherData {
    WeatherData(
      latitude: 1, longitude: 2,
      currently: CurrentConditions(
        time: Date(timeIntervalSince1970: 0), summary: "Light Rain", icon: "rain",
        temperature: 8.46,
        windSpeed: 3.25),
      units: units)
  }

  func testMetricAndUSUnits() {
    XCTAssertEqual(WeatherLine.render(weather(units: "si")), "Light Rain, 8.5°C, wind 3.3 m/s")
    XCTAssertEqual(WeatherLine.render(weather(units: nil)), "Light Rain, 8.5°F, wind 3.3 mph")
    XCTAssertEqual(WeatherLine.render(weather(units: "ca")), "Light Rain, 8.5°C, wind 3.3 km/h")
    XCTAssertEqual(WeatherLine.render(weather(units: "uk2")), "Light Rain, 8.5°C, wind 3.3 mph")
  }
}
