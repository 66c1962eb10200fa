import Foundation
import WeatherKit
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class URLSessionProtocolTests: XCTestCase {
  func testURLSessionHandsOutASuspendedRealDataTask() throws {
    let session: any URLSessionProtocol = URLSession(configuration: .ephemeral)
    let url = URL(string: "http://127.0.0.1:9/never-resumed")!

    let task = session.dataTask(with: url) { _, _, _ in }

    let dataTask = try XCTUnwrap(task as? URLSessionDataTask)
    XCTAssertEqual(dataTask.originalRequest?.url, url)
    XCTAssertEqual(dataTask.state, .suspended)
    dataTask.cancel()
  }
}
