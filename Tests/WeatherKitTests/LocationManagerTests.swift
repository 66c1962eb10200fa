import Foundation
import WeatherKit
import XCTest

final class LocationManagerTests: XCTestCase {
  private struct Denied: LocalizedError {
    var errorDescription: String? { "the user denied access" }
  }

  func testInitSetsAccuracyToAKilometreAndItselfAsDelegate() {
    let fetcher = MockLocationFetcher()

    let manager = LocationManager(locationFetcher: fetcher)

    XCTAssertEqual(fetcher.desiredAccuracy, 1_000)
    XCTAssertTrue(fetcher.locationFetcherDelegate === manager)
  }

  /// The guideline's test: two expectations, the request to the fetcher and the completion.
  func testRequestLocationReportsTheFetchedPointOfInterest() {
    let fetcher = MockLocationFetcher()
    let requested = expectation(description: "location requested")
    let completed = expectation(description: "completion called")
    fetcher.handleRequestLocation = { requested.fulfill() }
    let manager = LocationManager(
      locationFetcher: fetcher,
      pointsOfInterest: [Coordinate(latitude: 37.3300, longitude: -121.8890)])

    manager.requestLocation { result in
      XCTAssertEqual(
        result,
        .success(LocatedPoint(coordinate: MockLocationFetcher.sanJose, isPointOfInterest: true)))
      completed.fulfill()
    }

    wait(for: [requested, completed], timeout: 1, enforceOrder: true)
  }

  func testAPlaceFarFromEveryPointOfInterestIsNotOne() throws {
    let fetcher = MockLocationFetcher()
    let manager = LocationManager(
      locationFetcher: fetcher,
      pointsOfInterest: [Coordinate(latitude: 37.3293, longitude: -121.9020)])

    XCTAssertFalse(manager.isPointOfInterest(MockLocationFetcher.sanJose))
    XCTAssertTrue(manager.isPointOfInterest(Coordinate(latitude: 37.3293, longitude: -121.8960)))
    XCTAssertEqual(
      manager.pointOfInterest(near: Coordinate(latitude: 37.3293, longitude: -121.8960)),
      Coordinate(latitude: 37.3293, longitude: -121.9020))
    XCTAssertNil(manager.pointOfInterest(near: MockLocationFetcher.sanJose))
  }

  /// The callback is one-shot: a later delegate call, with no request waiting, calls nothing.
  func testCompletionRunsOnceThenIsCleared() {
    let fetcher = MockLocationFetcher()
    fetcher.answer = .later
    let manager = LocationManager(locationFetcher: fetcher)
    let calls = ResultBox<[Coordinate]>()

    manager.requestLocation { result in
      calls.value = (calls.value ?? []) + [(try? result.get())?.coordinate].compactMap { $0 }
    }
    XCTAssertNil(calls.value, "nothing until the fetcher answers")
    fetcher.deliver(MockLocationFetcher.sanJose)
    fetcher.deliver(Coordinate(latitude: 1, longitude: 2))

    XCTAssertEqual(
      calls.value, [MockLocationFetcher.sanJose], "the answer once; the later fix calls nothing")
    XCTAssertEqual(fetcher.requestCount, 1)
  }

  func testFailureReachesTheCompletionWithTheReason() {
    let fetcher = MockLocationFetcher()
    fetcher.answer = .failure(Denied())
    let manager = LocationManager(locationFetcher: fetcher)
    let failed = expectation(description: "failure reported")

    manager.requestLocation { result in
      XCTAssertEqual(result, .failure(.locationUnavailable("the user denied access")))
      failed.fulfill()
    }

    wait(for: [failed], timeout: 1)
  }

  func testANewerRequestFailsTheOneStillWaiting() {
    let fetcher = MockLocationFetcher()
    fetcher.answer = .later
    let manager = LocationManager(locationFetcher: fetcher)
    let first = ResultBox<Result<LocatedPoint, WeatherDataError>>()
    let second = ResultBox<Result<LocatedPoint, WeatherDataError>>()

    manager.requestLocation { first.value = $0 }
    manager.requestLocation { second.value = $0 }
    fetcher.deliver(MockLocationFetcher.sanJose)

    XCTAssertEqual(
      [first.value, second.value],
      [
        .failure(.locationUnavailable("a newer request replaced this one")),
        .success(LocatedPoint(coordinate: MockLocationFetcher.sanJose, isPointOfInterest: false)),
      ])
  }

  func testFixedLocationFetcherTellsItsDelegate() async throws {
    let campground = Coordinate(latitude: 45.5837, longitude: -78.3585)
    let fetcher = FixedLocationFetcher(coordinate: campground)
    let manager = LocationManager(locationFetcher: fetcher, pointsOfInterest: [campground])

    let point = try await manager.currentLocation()

    XCTAssertEqual(point, LocatedPoint(coordinate: campground, isPointOfInterest: true))
  }
}
