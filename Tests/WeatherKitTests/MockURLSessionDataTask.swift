import Foundation
import WeatherKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A data task that counts `resume()` calls and, when resumed, completes with canned values.
final class MockURLSessionDataTask: URLSessionDataTaskProtocol, @unchecked Sendable {
  private(set) var resumeWasCalled = false
  var completionHandler: DataTaskCompletion?
  private let data: Data?
  private let response: URLResponse?
  private let error: (any Error)?

  init(data: Data?, response: URLResponse?, error: (any Error)?) {
    self.data = data
    self.response = response
    self.error = error
  }

  func resume() {
    resumeWasCalled = true
    completionHandler?(data, response, error)
  }
}
