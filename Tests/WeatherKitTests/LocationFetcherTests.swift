import WeatherKit
import XCTest

final class LocationFetcherTests: XCTestCase {
  func testFixedLocationFetcherReportsItsCoordinate() {
    let campground = Coordinate(latitude: 45.5, longitude: -73.25)
    let fetcher = FixedLocationFetcher(coordinate: campground)
    let box = ResultBox<Result<Coordinate, WeatherDataError>>()

    fetcher.currentLocation { box.value = $0 }

    XCTAssertEqual(box.value, .success(campground))
  }
}
