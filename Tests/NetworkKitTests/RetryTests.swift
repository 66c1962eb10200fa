import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Which failures `ApiClient` retries, how often, and how long it pauses on its clock.
struct RetryTests {
  private let url = URL(string: "https://api.test/vehicles")!
  private let policy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(200))

  @Test(
    "A transient failure is retried, with doubling pauses, until the reply is good",
    arguments: [
      MockNetworkSession.reply(status: 503, body: ""),
      MockNetworkSession.reply(status: 500, body: ""),
      .failure(FakeTransportError()),
    ])
  func transientThenSuccess(failure: MockNetworkSession.Reply) async throws {
    let session = MockNetworkSession(
      replies: [failure, failure, MockNetworkSession.reply(status: 200, body: "ok")])
    let clock = RecordingClock()

    let data = try await ApiClient(session: session, retry: policy, clock: clock).data(from: url)

    #expect(data == Data("ok".utf8))
    #expect(session.sentRequests.count == 3)
    #expect(clock.sleeps == [.milliseconds(200), .milliseconds(400)])
  }

  @Test("Retries stop at the policy's attempts and report the last failure")
  func givesUp() async {
    let session = MockNetworkSession(status: 502, body: "")
    let clock = RecordingClock()
    let client = ApiClient(session: session, retry: policy, clock: clock)

    await #expect(throws: NetworkError.httpStatus(502)) { try await client.data(from: url) }
    #expect(session.sentRequests.count == 3)
    #expect(clock.sleeps.count == 2)
  }

  @Test("A client error or a reply that is not HTTP is not retried", arguments: [400, 404, 429])
  func notTransient(status: Int) async {
    let session = MockNetworkSession(status: status, body: "")
    let clock = RecordingClock()
    let client = ApiClient(session: session, retry: policy, clock: clock)

    await #expect(throws: NetworkError.httpStatus(status)) { try await client.data(from: url) }
    #expect(session.sentRequests.count == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test("Without a policy a request is sent once")
  func neverRetries() async {
    let session = MockNetworkSession(status: 503, body: "")

    await #expect(throws: NetworkError.httpStatus(503)) {
      try await ApiClient(session: session).data(from: url)
    }
    #expect(session.sentRequests.count == 1)
  }

  @Test(
    "A request is retried only when sending it twice does no harm",
    arguments: [
      ("GET", 3), ("HEAD", 3), ("OPTIONS", 3), ("TRACE", 3), ("PUT", 3), ("DELETE", 3),
      ("POST", 1), ("PATCH", 1), ("post", 1),
    ])
  func onlyIdempotentMethods(method: String, attempts: Int) async {
    let session = MockNetworkSession(status: 503, body: "")
    var request = URLRequest(url: url)
    request.httpMethod = method
    let client = ApiClient(session: session, retry: policy, clock: RecordingClock())

    await #expect(throws: NetworkError.httpStatus(503)) { try await client.data(for: request) }
    #expect(session.sentRequests.count == attempts)
  }

  @Test(
    "A POST with an idempotency key is retried: the server answers a repeat with the first reply")
  func postWithIdempotencyKey() async {
    let session = MockNetworkSession(status: 503, body: "")
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("booking-42", forHTTPHeaderField: "Idempotency-Key")
    let client = ApiClient(session: session, retry: policy, clock: RecordingClock())

    await #expect(throws: NetworkError.httpStatus(503)) { try await client.data(for: request) }
    #expect(session.sentRequests.count == 3)
    #expect(
      session.sentRequests.allSatisfy {
        $0.value(forHTTPHeaderField: "Idempotency-Key") == "booking-42"
      })
  }

  @Test(
    "The pause doubles after each attempt",
    arguments: [(1, Duration.milliseconds(500)), (2, .seconds(1)), (3, .seconds(2))])
  func delays(attempt: Int, delay: Duration) {
    #expect(RetryPolicy.standard.delay(afterAttempt: attempt) == delay)
  }
}
