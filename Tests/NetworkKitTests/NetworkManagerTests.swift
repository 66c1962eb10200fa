import Foundation
import NetworkKit
import XCTest

final class NetworkManagerTests: XCTestCase {
  private var requester: SpyRequester!
  private var logger: SpyLogger!
  private var manager: NetworkManager!

  override func setUp() {
    requester = SpyRequester()
    logger = SpyLogger()
    manager = NetworkManager(baseURL: "https://api.test/", request: requester.request)
    manager.logger = logger
  }

  override func tearDown() {
    manager = nil
    logger = nil
    requester = nil
  }

  /// A base without a trailing slash and a path without a leading one (or both with one) join
  /// with exactly one: the host stays `api.test`.
  func testTheBaseAndThePathJoinWithOneSlash() throws {
    for (base, path) in [
      ("https://api.test", "vehicles"), ("https://api.test/", "/vehicles"),
      ("https://api.test/", "vehicles"), ("https://api.test", "/vehicles"),
    ] {
      let requester = SpyRequester()
      let manager = NetworkManager(baseURL: base, request: requester.request)
      manager.logger = DummyLogger()
      manager.fetchData(api: path) { _ in }
      let url = try XCTUnwrap(requester.calls.first?.url, "\(base) + \(path)")
      XCTAssertEqual(url.host, "api.test", "\(base) + \(path)")
      XCTAssertEqual(url.absoluteString, "https://api.test/vehicles", "\(base) + \(path)")
    }
  }

  func testFetchDataSendsURLMethodAndParametersAndReturnsTheCancellable() throws {
    let cancellable = manager.fetchData(api: "vehicles", method: .post, parameters: ["page": 1]) {
      _ in
    }

    XCTAssertEqual(requester.calls.count, 1)
    let call = try XCTUnwrap(requester.calls.first)
    XCTAssertEqual(call.url.absoluteString, "https://api.test/vehicles")
    XCTAssertEqual(call.method, .post)
    XCTAssertEqual(call.parameters?["page"] as? Int, 1)
    XCTAssertTrue(cancellable === requester.cancellable)
    cancellable?.cancel()
    XCTAssertEqual(requester.cancellable.cancelCount, 1)
  }

  /// The guideline's default: a call without a method is a POST.
  func testFetchDataPostsUnlessToldOtherwise() throws {
    manager.fetchData(api: "vehicles") { _ in }

    XCTAssertEqual(try XCTUnwrap(requester.calls.first).method, .post)
  }

  /// The guideline's failing request: the fake fails with code 666 and the completion gets it.
  func testFailingRequestReachesTheCompletionWithItsCode() {
    let manager = NetworkManager(
      baseURL: "https://api.test/",
      request: { _, _, _, completion in
        completion(JSONResponse(result: .failure(NSError(domain: "FakeRequest", code: 666))))
        return SpyCancellable()
      })
    manager.logger = logger
    let reported = expectation(description: "completion called")

    manager.fetchData(api: "vehicles") { result in
      guard case .failure(let error) = result else { return XCTFail("expected the failure") }
      XCTAssertEqual((error as NSError).code, 666)
      XCTAssertEqual((error as NSError).domain, "FakeRequest")
      reported.fulfill()
    }

    wait(for: [reported], timeout: 1)
    XCTAssertTrue(logger.messages.isEmpty)
  }

  func testFetchDataDeliversTheValueAtTheResponseKey() throws {
    let box = ResultBox<Result<Any, any Error>>()
    manager.fetchData(api: "vehicles", responseKey: "data.vehicle_list") { box.value = $0 }

    try XCTUnwrap(requester.calls.first).completion(
      JSONResponse(result: .success(["code": 0, "data": ["vehicle_list": ["van"]]])))

    XCTAssertEqual(try box.value?.get() as? [String], ["van"])
  }

  func testInvalidURLReturnsNilLogsAndDoesNotSend() throws {
    let manager = NetworkManager(baseURL: "not a url", request: requester.request)
    manager.logger = logger
    let box = ResultBox<Result<Any, any Error>>()

    let cancellable = manager.fetchData(api: "/vehicles") { box.value = $0 }

    XCTAssertNil(cancellable)
    XCTAssertTrue(requester.calls.isEmpty)
    XCTAssertEqual(logger.messages.count, 1)
    XCTAssertTrue(try XCTUnwrap(logger.messages.first).contains("invalid URL 'not a url/vehicles'"))
    guard case .failure(let error)? = box.value else { return XCTFail("expected failure") }
    XCTAssertEqual(error as? NetworkError, .invalidURL("not a url/vehicles"))
  }

  /// Property injection: every manager gets the standard-error logger unless a caller (here the
  /// test) sets its own, which then hears what the manager says.
  func testTheLoggerIsAPropertyWithADefault() {
    let plain = NetworkManager(baseURL: "not a url", request: requester.request)
    XCTAssertTrue(plain.logger is LineLogger)

    plain.logger = logger
    plain.fetchData(api: "x") { _ in }

    XCTAssertEqual(logger.messages.count, 1)
  }

  func testNonHTTPSchemeIsInvalid() {
    let manager = NetworkManager(baseURL: "file:///tmp/", request: requester.request)
    manager.logger = logger

    XCTAssertNil(manager.fetchData(api: "x") { _ in })
    XCTAssertTrue(requester.calls.isEmpty)
  }

  func testParseResultPassesFailuresThrough() {
    struct Underlying: Error, Equatable {}

    let parsed = manager.parseResult(.failure(Underlying()), responseKey: "data")

    guard case .failure(let error) = parsed else { return XCTFail("expected failure") }
    XCTAssertEqual(error as? Underlying, Underlying())
  }

  func testParseResultTurnsNonZeroCodeIntoFailure() {
    let parsed = manager.parseResult(
      .success(["code": 401, "message": "expired"]), responseKey: nil)

    guard case .failure(let error) = parsed else { return XCTFail("expected failure") }
    XCTAssertEqual(error as? NetworkError, .server(code: 401, message: "expired"))
  }

  func testParseResultWithoutKeyReturnsWholeJSON() throws {
    let parsed = manager.parseResult(.success(["code": 0, "ok": true]), responseKey: nil)

    let json = try XCTUnwrap(parsed.get() as? [String: Any])
    XCTAssertEqual(json["ok"] as? Bool, true)
  }

  func testParseResultFollowsAPlainKey() {
    let parsed = manager.parseResult(.success(["code": 0, "data": "value"]), responseKey: "data")

    XCTAssertEqual(try parsed.get() as? String, "value")
  }

  func testParseResultFollowsDottedKeysIntoNestedObjects() {
    let json: [String: Any] = ["code": 0, "data": ["vehicle_list": [["id": 1], ["id": 2]]]]

    let parsed = manager.parseResult(.success(json), responseKey: "data.vehicle_list")

    XCTAssertEqual((try? parsed.get() as? [[String: Int]])?.map { $0["id"] }, [1, 2])
  }

  func testParseResultReportsTransformFailedForMissingKeys() {
    let cases: [(Any, String)] = [
      (["code": 0], "data"),
      (["data": ["other": 1]], "data.vehicle_list"),
      (["data": [1, 2]], "data.vehicle_list"),
      (["data": NSNull()], "data"),
      ([1, 2, 3], "data"),
    ]

    for (json, key) in cases {
      guard case .failure(let error) = manager.parseResult(.success(json), responseKey: key) else {
        XCTFail("expected failure for \(key) in \(json)")
        continue
      }
      XCTAssertEqual(error as? NetworkError, .transformFailed(key: key))
    }
  }

  func testLiveManagerFetchesThroughTheClient() {
    let session = MockNetworkSession(
      status: 200, body: #"{"code": 0, "data": {"vehicle_list": ["van"]}}"#)
    let live = NetworkManager.live(
      baseURL: "https://api.test/", client: ApiClient(session: session))
    let done = expectation(description: "fetched")
    let box = ResultBox<Result<Any, any Error>>()

    let cancellable = live.fetchData(api: "vehicles", responseKey: "data.vehicle_list") { result in
      box.value = result
      done.fulfill()
    }

    wait(for: [done], timeout: 2)
    XCTAssertNotNil(cancellable)
    XCTAssertEqual(try box.value?.get() as? [String], ["van"])
    XCTAssertEqual(session.sentRequests.first?.url?.absoluteString, "https://api.test/vehicles")
    XCTAssertEqual(session.sentRequests.first?.httpMethod, "POST")
  }
}
