import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A data task that records `resume()` and then completes with canned values on another queue,
/// as a real task does, so the tests' expectations wait for real asynchronous work.
final class MockURLSessionDataTask: URLSessionDataTaskProtocol, @unchecked Sendable {
  private(set) var resumeWasCalled = false
  private(set) var cancelWasCalled = false
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
    guard let completionHandler else { return }
    let (data, response, error) = (data, response, error)
    DispatchQueue.global().async { completionHandler(data, response, error) }
  }

  func cancel() {
    cancelWasCalled = true
  }
}
