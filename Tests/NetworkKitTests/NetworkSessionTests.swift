import Foundation
import NetworkKit
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class NetworkSessionTests: XCTestCase {
  func testURLSessionConformsWithoutTheNetworkForDataURLs() async throws {
    let session: any NetworkSession = URLSession(configuration: .ephemeral)
    let dataURL = URL(string: "data:text/plain,hi")!

    let (fromURL, _) = try await session.requestData(url: dataURL)
    let (fromRequest, _) = try await session.requestData(urlRequest: URLRequest(url: dataURL))

    XCTAssertEqual(String(decoding: fromURL, as: UTF8.self), "hi")
    XCTAssertEqual(String(decoding: fromRequest, as: UTF8.self), "hi")
  }
}
