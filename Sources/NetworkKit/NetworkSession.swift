import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The transport `ApiClient` uses; `URLSession` in the app, a fake in tests.
public protocol NetworkSession: Sendable {
  /// Loads `url` and returns the body and response.
  func requestData(url: URL) async throws -> (Data, URLResponse)
  /// Sends `urlRequest` and returns the body and response.
  func requestData(urlRequest: URLRequest) async throws -> (Data, URLResponse)
}

extension URLSession: NetworkSession {
  /// Loads `url` with `data(from:)`.
  public func requestData(url: URL) async throws -> (Data, URLResponse) {
    try await data(from: url)
  }

  /// Sends `urlRequest` with `data(for:)`.
  public func requestData(urlRequest: URLRequest) async throws -> (Data, URLResponse) {
    try await data(for: urlRequest)
  }
}
