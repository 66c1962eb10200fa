import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a data task reports when it finishes: the body, the response, or an error.
public typealias DataTaskCompletion = @Sendable (Data?, URLResponse?, (any Error)?) -> Void

/// The part of `URLSession` the weather client uses, so tests can hand it a mock.
public protocol URLSessionProtocol: Sendable {
  /// Creates a suspended task that loads `url` and calls `completionHandler` when done.
  func dataTask(with url: URL, completionHandler: @escaping DataTaskCompletion)
    -> any URLSessionDataTaskProtocol
}

/// The part of `URLSessionDataTask` the weather client uses.
public protocol URLSessionDataTaskProtocol {
  /// Starts (or restarts) the task; a task that is never resumed never loads.
  func resume()
}

extension URLSession: URLSessionProtocol {
  /// Returns the real data task for `url`, typed as the protocol.
  public func dataTask(with url: URL, completionHandler: @escaping DataTaskCompletion)
    -> any URLSessionDataTaskProtocol
  {
    dataTask(with: url, completionHandler: completionHandler) as URLSessionDataTask
  }
}

extension URLSessionDataTask: URLSessionDataTaskProtocol {}
