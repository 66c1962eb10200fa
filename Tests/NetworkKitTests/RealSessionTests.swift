import Foundation
import NetworkKit
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `ApiClient` and `LiveRequester` over a real `URLSession`, against a server on 127.0.0.1.
final class RealSessionTests: XCTestCase {
  private var session: URLSession!

  override func setUp() {
    session = URLSession(configuration: .ephemeral)
  }

  override func tearDown() {
    session.invalidateAndCancel()
    session = nil
  }

  /// Waits until the server has received `count` requests.
  private func waitForRequests(_ count: Int, on server: LocalHTTPServer) {
    let arrived = expectation(
      for: NSPredicate { _, _ in server.requests.count >= count }, evaluatedWith: nil)
    wait(for: [arrived], timeout: 5)
  }

  private func waitForHangUp(on server: LocalHTTPServer) {
    let closed = expectation(
      for: NSPredicate { _, _ in server.hungUp == 1 }, evaluatedWith: nil)
    wait(for: [closed], timeout: 5)
  }

  /// The live client is the shared session with the standard retries: it reaches a real server.
  func testTheLiveClientReachesTheServer() async throws {
    let server = try LocalHTTPServer(replies: [.init(status: 200, body: "pong")])
    let request = URLRequest(url: server.url.appendingPathComponent("ping"))

    let data = try await ApiClient.live.data(for: request)

    XCTAssertEqual(String(decoding: data, as: UTF8.self), "pong")
    XCTAssertEqual(server.requests.map(\.path), ["/ping"])
  }

  func testTheWholeRequestReachesTheServer() async throws {
    let server = try LocalHTTPServer(replies: [.init(status: 201, body: #"{"ok":true}"#)])
    var request = try RequestEncoding.makeRequest(
      url: server.url.appendingPathComponent("vehicles"), method: .post,
      parameters: ["name": "Van"])
    request.setValue("Bearer t0k3n", forHTTPHeaderField: "Authorization")

    let data = try await ApiClient(session: session).data(for: request)

    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"ok":true}"#)
    let received = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(received.method, "POST")
    XCTAssertEqual(received.path, "/vehicles")
    XCTAssertEqual(received.headers["authorization"], "Bearer t0k3n")
    XCTAssertEqual(received.headers["content-type"], "application/json")
    XCTAssertEqual(received.body, #"{"name":"Van"}"#)
  }

  /// Cancelling the calling task cancels the real data task: the client hangs up at once and
  /// the caller gets `CancellationError`, not a transport error.
  func testCancellingTheAsyncRequestCancelsTheRealDataTask() async throws {
    let server = try LocalHTTPServer(replies: [.init(status: 200, body: "{}", delay: 30)])
    let client = ApiClient(session: session)
    let request = Task { try await client.data(from: server.url) }
    let arrived = await eventually { server.requests.count == 1 }
    XCTAssertTrue(arrived, "the request never reached the server")

    request.cancel()
    let outcome = await request.result

    XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    let hungUp = await eventually { server.hungUp == 1 }
    XCTAssertTrue(hungUp, "the client kept the connection open")
  }

  /// Polls `condition` every 10 ms for up to 5 s (predicate expectations need a run loop).
  private func eventually(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
    for _ in 0..<500 {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }

  /// The guideline's request function, cancelled: no completion, and the request stops.
  func testCancelledLiveRequesterNeverCallsItsCompletion() throws {
    let server = try LocalHTTPServer(replies: [.init(status: 200, body: "{}", delay: 30)])
    let requester = LiveRequester(client: ApiClient(session: session))
    let completed = expectation(description: "completion")
    completed.isInverted = true

    let cancellable = requester.request(url: server.url, method: .get, parameters: nil) { _ in
      completed.fulfill()
    }
    waitForRequests(1, on: server)
    cancellable.cancel()

    waitForHangUp(on: server)
    wait(for: [completed], timeout: 0.5)
  }

  func testA503IsRetriedOnTheClockThenSucceeds() async throws {
    let server = try LocalHTTPServer(replies: [
      .init(status: 503, body: ""), .init(status: 200, body: "[1]"),
    ])
    let clock = RecordingClock()
    let client = ApiClient(
      session: session, retry: RetryPolicy(maxAttempts: 2, initialDelay: .seconds(1)),
      clock: clock)

    let data = try await client.data(from: server.url)

    XCTAssertEqual(String(decoding: data, as: UTF8.self), "[1]")
    XCTAssertEqual(server.requests.count, 2)
    XCTAssertEqual(clock.sleeps, [.seconds(1)])
  }
}
