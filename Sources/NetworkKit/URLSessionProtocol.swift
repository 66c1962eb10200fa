import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a data task reports when it finishes: the body, the response, or an error.
public typealias DataTaskCompletion = @Sendable (Data?, URLResponse?, (any Error)?) -> Void

/// The part of `URLSession` the HTTP clients use, so a test can hand them a mock that records.
///
/// The one transport of the domain modules: `ApiClient`, and through it `NetworkManager` and the
/// weather client, make every request with it.
public protocol URLSessionProtocol: Sendable {
  /// Creates a suspended task that sends `request` and calls `completionHandler` when done.
  func dataTask(with request: URLRequest, completionHandler: @escaping DataTaskCompletion)
    -> any URLSessionDataTaskProtocol
}

/// The part of `URLSessionDataTask` the clients use.
public protocol URLSessionDataTaskProtocol: Sendable {
  /// Starts the task; a task that is never resumed never loads.
  func resume()
  /// Stops the task; its completion then reports `URLError.cancelled`.
  func cancel()
}

extension URLSession: URLSessionProtocol {
  /// Returns the real data task for `request`, typed as the protocol.
  public func dataTask(with request: URLRequest, completionHandler: @escaping DataTaskCompletion)
    -> any URLSessionDataTaskProtocol
  {
    dataTask(with: request, completionHandler: completionHandler) as URLSessionDataTask
  }
}

extension URLSessionDataTask: URLSessionDataTaskProtocol {}
