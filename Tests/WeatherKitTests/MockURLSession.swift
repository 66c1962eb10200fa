import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A session that records the URL it was asked for and hands out a `MockURLSessionDataTask`.
final class MockURLSession: URLSessionProtocol, @unchecked Sendable {
  private(set) var lastURL: URL?
  private(set) var dataTaskCallCount = 0
  let dataTask: MockURLSessionDataTask

  /// Creates a session whose task will report these values when resumed.
  init(data: Data? = nil, response: URLResponse? = nil, error: (any Error)? = nil) {
    dataTask = MockURLSessionDataTask(data: data, response: response, error: error)
  }

  func dataTask(with request: URLRequest, completionHandler: @escaping DataTaskCompletion)
    -> any URLSessionDataTaskProtocol
  {
    lastURL = request.url
    dataTaskCallCount += 1
    dataTask.completionHandler = completionHandler
    return dataTask
  }
}
