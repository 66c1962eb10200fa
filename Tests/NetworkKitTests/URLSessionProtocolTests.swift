import Foundation
import NetworkKit
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class URLSessionProtocolTests: XCTestCase {
  func testURLSessionHandsOutASuspendedRealDataTaskForTheWholeRequest() throws {
    let session: any URLSessionProtocol = URLSession(configuration: .ephemeral)
    var request = URLRequest(url: URL(string: "http://127.0.0.1:9/never-resumed")!)
    request.httpMethod = "PUT"

    let task = session.dataTask(with: request) { _, _, _ in }

    let dataTask = try XCTUnwrap(task as? URLSessionDataTask)
    XCTAssertEqual(dataTask.originalRequest, request)
    XCTAssertEqual(dataTask.state, .suspended)
    task.cancel()
  }
}
