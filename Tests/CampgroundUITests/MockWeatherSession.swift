import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A session that answers every request with one canned status and body, and records the URLs.
final class MockWeatherSession: URLSessionProtocol, @unchecked Sendable {
  private(set) var requestedURLs: [URL] = []
  private let status: Int
  private let body: String

  init(status: Int, body: String) {
    self.status = status
    self.body = body
  }

  func dataTask(with request: URLRequest, completionHandler: @escaping DataTaskCompletion)
    -> any URLSessionDataTaskProtocol
  {
    let url = request.url!
    requestedURLs.append(url)
    let response = HTTPURLResponse(
      url: url, statusCode: status, httpVersion: nil, headerFields: nil)
    return StubTask { completionHandler(Data(self.body.utf8), response, nil) }
  }
}

/// A task that runs its completion when resumed.
struct StubTask: URLSessionDataTaskProtocol {
  let onResume: @Sendable () -> Void

  func resume() {
    onResume()
  }

  func cancel() {}
}
