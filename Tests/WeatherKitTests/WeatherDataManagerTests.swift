import Foundation
import WeatherKit
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class WeatherDataManagerTests: XCTestCase {
  private func fetch(
    with session: MockURLSession, latitude: Double = 45.5, longitude: Double = -73.25
  )
    -> Result<WeatherData, WeatherDataError>?
  {
    let manager = WeatherDataManager(baseURL: WeatherFixtures.baseURL, urlSession: session)
    let done = expectation(description: "weather fetched")
    let box = ResultBox<Result<WeatherData, WeatherDataError>>()
    manager.weatherData(latitude: latitude, longitude: longitude) { result in
      box.value = result
      done.fulfill()
    }
    wait(for: [done], timeout: 1)
    return box.value
  }

  func testWeatherDataRequestsBaseURLWithCoordinates() {
    let session = MockURLSession(
      data: WeatherFixtures.json, response: WeatherFixtures.response(status: 200))

    _ = fetch(with: session, latitude: 52.0, longitude: 13.5)

    XCTAssertEqual(
      session.lastURL?.absoluteString, "https://weather.test/forecast/KEY/52.0,13.5?units=si")
    XCTAssertEqual(session.dataTaskCallCount, 1)
  }

  /// Coordinates go into the URL in fixed notation: "\(0.00001)" would be "1e-05".
  func testCoordinatesAreWrittenWithoutAnExponent() {
    let session = MockURLSession(
      data: WeatherFixtures.json, response: WeatherFixtures.response(status: 200))

    _ = fetch(with: session, latitude: 0.00001, longitude: -0.0000123)

    XCTAssertEqual(
      session.lastURL?.absoluteString,
      "https://weather.test/forecast/KEY/0.00001,-0.000012?units=si")
  }

  /// A forecast with a temperature of 1e300.
  private let scorching = Data(
    """
    {"latitude": 45.5, "longitude": -73.25,
     "currently": {"time": 0, "summary": "Hot", "icon": "clear-day", "temperature": 1e300,
                   "windSpeed": 1},
     "flags": {"units": "si"}}
    """.utf8)

  private let scorchingRefused = WeatherDataError.valueOutOfRange(
    name: "temperature", value: 1e300, range: -100...100, unit: "°C")

  /// A forecast with a value no weather has is refused with the value named, not handed on to
  /// be shown.
  func testAForecastWithAValueNoWeatherHasIsRefused() {
    let session = MockURLSession(
      data: scorching, response: WeatherFixtures.response(status: 200))

    XCTAssertEqual(fetch(with: session), .failure(scorchingRefused))
  }

  func testAsyncWeatherRefusesAValueNoWeatherHas() async {
    let session = MockURLSession(
      data: scorching, response: WeatherFixtures.response(status: 200))

    do {
      _ = try await WeatherDataManager(baseURL: WeatherFixtures.baseURL, urlSession: session)
        .weather(latitude: 45.5, longitude: -73.25)
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? WeatherDataError, scorchingRefused)
    }
  }

  /// The guideline's test: asking for weather starts the session's task with `resume()`.
  func test_weatherDataAt_starts_the_session() {
    let session = MockURLSession()
    let manager = WeatherDataManager(baseURL: WeatherFixtures.baseURL, urlSession: session)

    manager.weatherData(latitude: 52, longitude: 100) { _ in }

    XCTAssertTrue(session.dataTask.resumeWasCalled, "the data task was never resumed")
  }

  func testAsyncWeatherDecodesOrThrowsTheReason() async throws {
    let good = MockURLSession(
      data: WeatherFixtures.json, response: WeatherFixtures.response(status: 200))
    let unauthorised = MockURLSession(
      data: Data(), response: WeatherFixtures.response(status: 401))

    let weather = try await WeatherDataManager(
      baseURL: WeatherFixtures.baseURL, urlSession: good
    ).weather(latitude: 45.5, longitude: -73.25)
    XCTAssertEqual(weather, WeatherFixtures.weather)
    XCTAssertEqual(
      good.lastURL?.absoluteString, "https://weather.test/forecast/KEY/45.5,-73.25?units=si")
    do {
      _ = try await WeatherDataManager(baseURL: WeatherFixtures.baseURL, urlSession: unauthorised)
        .weather(latitude: 45.5, longitude: -73.25)
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? WeatherDataError, .httpStatus(401))
    }
  }

  func testAsyncWeatherRefusesInvalidCoordinatesWithoutARequest() async {
    let session = MockURLSession()

    do {
      _ = try await WeatherDataManager(baseURL: WeatherFixtures.baseURL, urlSession: session)
        .weather(latitude: 0, longitude: 181)
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? WeatherDataError, .invalidCoordinates(latitude: 0, longitude: 181))
    }
    XCTAssertEqual(session.dataTaskCallCount, 0)
  }

  func testWeatherDataDecodesSuccessfulResponse() {
    let session = MockURLSession(
      data: WeatherFixtures.json, response: WeatherFixtures.response(status: 200))

    XCTAssertEqual(try fetch(with: session)?.get(), WeatherFixtures.weather)
  }

  func testWeatherDataReportsFailedRequest() {
    let session = MockURLSession(error: FakeTransportError())

    XCTAssertEqual(
      fetch(with: session), .failure(.failedRequest("The network connection was lost")))
  }

  func testWeatherDataReportsNon2xxStatus() {
    let session = MockURLSession(
      data: Data("{}".utf8), response: WeatherFixtures.response(status: 503))

    XCTAssertEqual(fetch(with: session), .failure(.httpStatus(503)))
  }

  func testWeatherDataReportsMissingHTTPResponse() {
    let session = MockURLSession(data: WeatherFixtures.json, response: nil)

    XCTAssertEqual(fetch(with: session), .failure(.invalidResponse))
  }

  func testWeatherDataReportsUndecodableData() {
    let session = MockURLSession(
      data: Data("<html>nope</html>".utf8), response: WeatherFixtures.response(status: 200))

    XCTAssertEqual(fetch(with: session), .failure(.invalidData))
  }

  func testWeatherDataReportsMissingBody() {
    let session = MockURLSession(data: nil, response: WeatherFixtures.response(status: 204))

    XCTAssertEqual(fetch(with: session), .failure(.invalidData))
  }

  func testInvalidCoordinatesFailWithoutRequest() {
    let session = MockURLSession()
    let manager = WeatherDataManager(baseURL: WeatherFixtures.baseURL, urlSession: session)
    let box = ResultBox<Result<WeatherData, WeatherDataError>>()

    manager.weatherData(latitude: 91, longitude: 0) { box.value = $0 }
    let result = box.value

    XCTAssertEqual(result, .failure(.invalidCoordinates(latitude: 91, longitude: 0)))
    XCTAssertEqual(session.dataTaskCallCount, 0)
  }
}
