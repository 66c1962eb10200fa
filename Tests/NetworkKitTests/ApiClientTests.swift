import Foundation
import NetworkKit
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class ApiClientTests: XCTestCase {
  private struct Vehicle: Decodable, Equatable {
    var id: Int
    var name: String
  }

  private let url = URL(string: "https://api.test/vehicles/1")!

  func testDataFromURLSendsAPlainGetAndReturnsBodyOf2xxReply() async throws {
    let session = MockNetworkSession(status: 200, body: "hello")

    let data = try await ApiClient(session: session).data(from: url)

    XCTAssertEqual(String(decoding: data, as: UTF8.self), "hello")
    XCTAssertEqual(session.sentRequests, [URLRequest(url: url)])
    XCTAssertEqual(session.sentRequests.first?.httpMethod, "GET")
    XCTAssertNil(session.sentRequests.first?.httpBody)
  }

  func testNon2xxStatusThrows() async {
    let client = ApiClient(session: MockNetworkSession(status: 404, body: "{}"))

    await assertThrows(NetworkError.httpStatus(404)) { _ = try await client.data(from: self.url) }
  }

  func testNonHTTPResponseThrows() async {
    let response = URLResponse(
      url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
    let client = ApiClient(session: MockNetworkSession(reply: .success((Data(), response))))

    await assertThrows(NetworkError.invalidResponse) { _ = try await client.data(from: self.url) }
  }

  func testTransportFailureThrows() async {
    let client = ApiClient(session: MockNetworkSession(reply: .failure(FakeTransportError())))

    await assertThrows(NetworkError.transport("offline")) {
      _ = try await client.data(from: self.url)
    }
  }

  func testGetDecodesJSON() async throws {
    let client = ApiClient(
      session: MockNetworkSession(status: 200, body: #"{"id": 1, "name": "Van"}"#))

    let vehicle = try await client.get(Vehicle.self, from: url)

    XCTAssertEqual(vehicle, Vehicle(id: 1, name: "Van"))
  }

  func testGetReportsUndecodableBody() async {
    let client = ApiClient(session: MockNetworkSession(status: 200, body: #"{"id": "one"}"#))

    do {
      _ = try await client.get(Vehicle.self, from: url)
      XCTFail("expected a decoding error")
    } catch {
      guard case .decoding? = error as? NetworkError else { return XCTFail("got \(error)") }
    }
  }

  /// The guideline's request test: the whole request reaches the session, not only its method.
  func testSendPassesTheWholeRequestAndDecodesReply() async throws {
    let session = MockNetworkSession(status: 201, body: #"{"id": 2, "name": "Bus"}"#)
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("Bearer t0k3n", forHTTPHeaderField: "Authorization")
    request.httpBody = Data(#"{"name":"Bus"}"#.utf8)

    let vehicle = try await ApiClient(session: session).send(request, decoding: Vehicle.self)

    XCTAssertEqual(vehicle, Vehicle(id: 2, name: "Bus"))
    let sent = try XCTUnwrap(session.sentRequests.first)
    XCTAssertEqual(session.sentRequests.count, 1)
    XCTAssertEqual(sent.url, url)
    XCTAssertEqual(sent.httpMethod, "POST")
    XCTAssertEqual(
      sent.allHTTPHeaderFields,
      ["Content-Type": "application/json", "Authorization": "Bearer t0k3n"])
    XCTAssertEqual(sent.httpBody, Data(#"{"name":"Bus"}"#.utf8))
  }

  func testCompletionSendReportsTheBodyOrTheReason() {
    let good = expectation(description: "body")
    let bad = expectation(description: "status")
    let request = URLRequest(url: url)

    ApiClient(session: MockNetworkSession(status: 200, body: "ok")).send(request) {
      XCTAssertEqual($0, .success(Data("ok".utf8)))
      good.fulfill()
    }
    ApiClient(session: MockNetworkSession(status: 500, body: "")).send(request) {
      XCTAssertEqual($0, .failure(.httpStatus(500)))
      bad.fulfill()
    }

    wait(for: [good, bad], timeout: 2)
  }

  func testCancelledTaskIsReportedAsCancelledNotAsATransportFailure() {
    let client = ApiClient(
      session: MockNetworkSession(reply: .failure(URLError(.cancelled))))
    let done = expectation(description: "reported")

    client.send(URLRequest(url: url)) {
      XCTAssertEqual($0, .failure(.cancelled))
      done.fulfill()
    }

    wait(for: [done], timeout: 2)
  }

  private func assertThrows(
    _ expected: NetworkError, file: StaticString = #filePath, line: UInt = #line,
    _ body: () async throws -> Void
  ) async {
    do {
      try await body()
      XCTFail("expected \(expected)", file: file, line: line)
    } catch {
      XCTAssertEqual(error as? NetworkError, expected, file: file, line: line)
    }
  }
}
