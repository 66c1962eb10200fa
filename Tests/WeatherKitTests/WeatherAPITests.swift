import WeatherKit
import XCTest

final class WeatherAPITests: XCTestCase {
  func testBaseURLCarriesTheKey() {
    XCTAssertEqual(
      WeatherAPI.baseURL(apiKey: "abc123").absoluteString,
      "https://api.pirateweather.net/forecast/abc123")
  }

  func testKeyIsPercentEncoded() {
    XCTAssertEqual(
      WeatherAPI.baseURL(apiKey: "a b?/c").absoluteString,
      "https://api.pirateweather.net/forecast/a%20b%3F%2Fc")
  }

  func testLiveClientUsesPirateWeatherWithKey() {
    let manager = WeatherDataManager.live(apiKey: "abc123")

    XCTAssertEqual(manager.baseURL.absoluteString, "https://api.pirateweather.net/forecast/abc123")
  }
}
