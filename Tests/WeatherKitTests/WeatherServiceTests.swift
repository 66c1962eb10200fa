import WeatherKit
import XCTest

final class WeatherServiceTests: XCTestCase {
  private let campground = Coordinate(latitude: 45.5, longitude: -73.25)

  private func service(
    fetcher: MockLocationFetcher, provider: SpyWeatherProvider
  ) -> WeatherService {
    WeatherService(
      locationManager: LocationManager(locationFetcher: fetcher), weatherProvider: provider)
  }

  func testFetchesWeatherAtTheFetchedLocation() {
    let fetcher = MockLocationFetcher()
    fetcher.answer = .location(campground)
    let provider = SpyWeatherProvider(result: .success(WeatherFixtures.weather))
    let box = ResultBox<Result<WeatherData, WeatherDataError>>()

    service(fetcher: fetcher, provider: provider).currentWeather { box.value = $0 }

    XCTAssertEqual(box.value, .success(WeatherFixtures.weather))
    XCTAssertEqual(fetcher.requestCount, 1)
    XCTAssertEqual(provider.requestedCoordinates, [campground])
  }

  func testLocationFailureSkipsTheWeatherRequest() {
    let fetcher = MockLocationFetcher()
    fetcher.answer = .failure(WeatherDataError.invalidResponse)
    let provider = SpyWeatherProvider(result: .success(WeatherFixtures.weather))
    let box = ResultBox<Result<WeatherData, WeatherDataError>>()

    service(fetcher: fetcher, provider: provider).currentWeather { box.value = $0 }

    XCTAssertEqual(
      box.value, .failure(.locationUnavailable(WeatherDataError.invalidResponse.description)))
    XCTAssertEqual(provider.requestedCoordinates, [])
  }

  func testAsyncVariantReturnsWeatherOrThrows() async throws {
    let good = service(
      fetcher: MockLocationFetcher(),
      provider: SpyWeatherProvider(result: .success(WeatherFixtures.weather)))
    let bad = service(
      fetcher: MockLocationFetcher(),
      provider: SpyWeatherProvider(result: .failure(.httpStatus(401))))

    let weather = try await good.currentWeather()
    XCTAssertEqual(weather, WeatherFixtures.weather)
    do {
      _ = try await bad.currentWeather()
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error as? WeatherDataError, .httpStatus(401))
    }
  }

  /// Cancelled while the location is being found: no weather is requested once it arrives.
  func testCancelledWhileLocatingAsksForNoWeather() async {
    let fetcher = MockLocationFetcher()
    fetcher.answer = .later
    let requested = expectation(description: "location requested")
    fetcher.handleRequestLocation = { requested.fulfill() }
    let provider = SpyWeatherProvider(result: .success(WeatherFixtures.weather))
    let service = service(fetcher: fetcher, provider: provider)

    let fetch = Task { try await service.currentWeather() }
    await fulfillment(of: [requested], timeout: 2)
    fetch.cancel()
    fetcher.deliver(campground)
    let outcome = await fetch.result

    XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    XCTAssertEqual(provider.requestedCoordinates, [])
  }
}
