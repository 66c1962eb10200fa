import Foundation
import NetworkKit
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class LiveRequesterTests: XCTestCase {
  private let url = URL(string: "https://api.test/vehicles")!

  private func response(from session: MockNetworkSession, parameters: [String: Any]? = nil)
    -> Result<Any, any Error>?
  {
    let requester = LiveRequester(client: ApiClient(session: session))
    let done = expectation(description: "response")
    let box = ResultBox<Result<Any, any Error>>()

    _ = requester.request(url: url, method: .post, parameters: parameters) { response in
      box.value = response.result
      done.fulfill()
    }

    wait(for: [done], timeout: 2)
    return box.value
  }

  func testSuccessParsesJSONAndSendsTheRequest() throws {
    let session = MockNetworkSession(status: 200, body: #"{"code": 0, "data": [1, 2]}"#)

    let json = try XCTUnwrap(
      response(from: session, parameters: ["id": 1])?.get() as? [String: Any])

    XCTAssertEqual(json["data"] as? [Int], [1, 2])
    var expected = URLRequest(url: url)
    expected.httpMethod = "POST"
    expected.setValue("application/json", forHTTPHeaderField: "Accept")
    expected.setValue("application/json", forHTTPHeaderField: "Content-Type")
    expected.httpBody = Data(#"{"id":1}"#.utf8)
    XCTAssertEqual(session.sentRequests, [expected])
  }

  func testHTTPErrorIsReported() {
    let session = MockNetworkSession(status: 500, body: "")

    guard case .failure(let error)? = response(from: session) else {
      return XCTFail("expected failure")
    }
    XCTAssertEqual(error as? NetworkError, .httpStatus(500))
  }

  func testBodyThatIsNotJSONIsReported() {
    let session = MockNetworkSession(status: 200, body: "<html>")

    guard case .failure(let error)? = response(from: session) else {
      return XCTFail("expected failure")
    }
    guard case .decoding? = error as? NetworkError else { return XCTFail("got \(error)") }
  }

  func testUnencodableParametersFailAtOnceWithoutSending() {
    let session = MockNetworkSession(status: 200, body: "{}")

    guard case .failure(let error)? = response(from: session, parameters: ["x": Date()]) else {
      return XCTFail("expected failure")
    }
    XCTAssertEqual(error as? NetworkError, .invalidParameters)
    XCTAssertTrue(session.sentRequests.isEmpty)
  }
}
