import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A session that records what it was asked to load and answers with a canned reply or error.
final class FakeNetworkSession: NetworkSession, @unchecked Sendable {
  private let lock = NSLock()
  private var urls: [URL] = []
  private var requests: [URLRequest] = []
  private let reply: Result<(Data, URLResponse), any Error>

  init(reply: Result<(Data, URLResponse), any Error>) {
    self.reply = reply
  }

  /// A session answering `status` with `body`.
  convenience init(status: Int, body: String) {
    let response = HTTPURLResponse(
      url: URL(string: "https://api.test")!, statusCode: status, httpVersion: nil, headerFields: nil
    )!
    self.init(reply: .success((Data(body.utf8), response)))
  }

  var requestedURLs: [URL] { lock.withLock { urls } }
  var sentRequests: [URLRequest] { lock.withLock { requests } }

  func requestData(url: URL) async throws -> (Data, URLResponse) {
    lock.withLock { urls.append(url) }
    return try reply.get()
  }

  func requestData(urlRequest: URLRequest) async throws -> (Data, URLResponse) {
    lock.withLock { requests.append(urlRequest) }
    return try reply.get()
  }
}

/// An error a fake transport fails with.
struct FakeTransportError: LocalizedError {
  var errorDescription: String? { "offline" }
}
