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

  func testDataFromURLReturnsBodyOf2xxReply() async throws {
    let session = FakeNetworkSession(status: 200, body: "hello")

    let data = try await ApiClient(session: session).data(from: url)

    XCTAssertEqual(String(decoding: data, as: UTF8.self), "hello")
    XCTAssertEqual(session.requestedURLs, [url])
  }

  func testNon2xxStatusThrows() async {
    let client = ApiClient(session: FakeNetworkSession(status: 404, body: "{}"))

    await assertThrows(NetworkError.httpStatus(404)) { _ = try await client.data(from: self.url) }
  }

  func testNonHTTPResponseThrows() async {
    let response = URLResponse(
      url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
    let client = ApiClient(session: FakeNetworkSession(reply: .success((Data(), response))))

    await assertThrows(NetworkError.invalidResponse) { _ = try await client.data(from: self.url) }
  }

  func testTransportFailureThrows() async {
    let client = ApiClient(session: FakeNetworkSession(reply: .failure(FakeTransportError())))

    await assertThrows(NetworkError.transport("offline")) {
      _ = try await client.data(from: self.url)
    }
  }

  func testGetDecodesJSON() async throws {
    let client = ApiClient(
      session: FakeNetworkSession(status: 200, body: #"{"id": 1, "name": "Van"}"#))

    let vehicle = try await client.get(Vehicle.self, from: url)

    XCTAssertEqual(vehicle, Vehicle(id: 1, name: "Van"))
  }

  func testGetReportsUndecodableBody() async {
    let client = ApiClient(session: FakeNetworkSession(status: 200, body: #"{"id": "one"}"#))

    do {
      _ = try await client.get(Vehicle.self, from: url)
      XCTFail("expected a decoding error")
    } catch {
      guard case .decoding? = error as? NetworkError else { return XCTFail("got \(error)") }
    }
  }

  func testSendPassesTheRequestAndDecodesReply() async throws {
    let session = FakeNetworkSession(status: 201, body: #"{"id": 2, "name": "Bus"}"#)
    var request = URLRequest(url: url)
    request.httpMethod = "POST"

    let vehicle = try await ApiClient(session: session).send(request, decoding: Vehicle.self)

    XCTAssertEqual(vehicle, Vehicle(id: 2, name: "Bus"))
    XCTAssertEqual(session.sentRequests.map(\.httpMethod), ["POST"])
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
