import Foundation
import NetworkKit
import WeatherKit
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

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

  /// The live client: Pirate Weather with the key, the process's shared `URLSession` (not a
  /// session of its own), and the standard retries (three attempts, 0.5 s then 1 s apart).
  func testLiveClientUsesPirateWeatherTheSharedSessionAndStandardRetries() throws {
    let manager = WeatherDataManager.live(apiKey: "abc123")

    XCTAssertEqual(manager.baseURL.absoluteString, "https://api.pirateweather.net/forecast/abc123")
    XCTAssertTrue(try XCTUnwrap(manager.session as? URLSession) === URLSession.shared)
    XCTAssertEqual(manager.retry, .standard)
    XCTAssertEqual(manager.retry.maxAttempts, 3)
    XCTAssertEqual(
      [1, 2].map(manager.retry.delay(afterAttempt:)), [.milliseconds(500), .seconds(1)])
  }
}
