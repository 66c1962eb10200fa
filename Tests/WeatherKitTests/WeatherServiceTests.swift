import WeatherKit
import XCTest

final class WeatherServiceTests: XCTestCase {
  private let campground = Coordinate(latitude: 45.5, longitude: -73.25)

  func testFetchesWeatherAtTheFetchedLocation() {
    let fetcher = FakeLocationFetcher(result: .success(campground))
    let provider = SpyWeatherProvider(result: .success(WeatherFixtures.weather))
    let service = WeatherService(locationFetcher: fetcher, weatherProvider: provider)
    let done = expectation(description: "weather reported")
    let box = ResultBox<Result<WeatherData, WeatherDataError>>()

    service.currentWeather { result in
      box.value = result
      done.fulfill()
    }

    wait(for: [done], timeout: 1)
    XCTAssertEqual(box.value, .success(WeatherFixtures.weather))
    XCTAssertEqual(fetcher.requestCount, 1)
    XCTAssertEqual(provider.requestedCoordinates, [campground])
  }

  func testLocationFailureSkipsTheWeatherRequest() {
    let fetcher = FakeLocationFetcher(result: .failure(.locationUnavailable("denied")))
    let provider = SpyWeatherProvider(result: .success(WeatherFixtures.weather))
    let service = WeatherService(locationFetcher: fetcher, weatherProvider: provider)
    let done = expectation(description: "failure reported")
    let box = ResultBox<Result<WeatherData, WeatherDataError>>()

    service.currentWeather { result in
      box.value = result
      done.fulfill()
    }

    wait(for: [done], timeout: 1)
    XCTAssertEqual(box.value, .failure(.locationUnavailable("denied")))
    XCTAssertEqual(provider.requestedCoordinates, [])
  }

  func testAsyncVariantReturnsWeatherOrThrows() async throws {
    let good = WeatherService(
      locationFetcher: FakeLocationFetcher(result: .success(campground)),
      weatherProvider: SpyWeatherProvider(result: .success(WeatherFixtures.weather)))
    let bad = WeatherService(
      locationFetcher: FakeLocationFetcher(result: .success(campground)),
      weatherProvider: SpyWeatherProvider(result: .failure(.httpStatus(401))))

    let weather = try await good.currentWeather()
    XCTAssertEqual(weather, WeatherFixtures.weather)
    do {
      _ = try await bad.currentWeather()
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? WeatherDataError, .httpStatus(401))
    }
  }
}
