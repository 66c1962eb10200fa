import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A session that records every request and answers them with canned replies, in order.
///
/// The last reply repeats. A task completes when resumed, on another queue, as a real one does.
final class MockNetworkSession: URLSessionProtocol, @unchecked Sendable {
  typealias Reply = Result<(Data, URLResponse), any Error>

  private let lock = NSLock()
  private var requests: [URLRequest] = []
  private var replies: [Reply]

  init(replies: [Reply]) {
    self.replies = replies
  }

  convenience init(reply: Reply) {
    self.init(replies: [reply])
  }

  /// A session answering `status` with `body`.
  convenience init(status: Int, body: String) {
    self.init(reply: Self.reply(status: status, body: body))
  }

  static func reply(status: Int, body: String) -> Reply {
    let response = HTTPURLResponse(
      url: URL(string: "https://api.test")!, statusCode: status, httpVersion: nil, headerFields: nil
    )!
    return .success((Data(body.utf8), response))
  }

  var sentRequests: [URLRequest] { lock.withLock { requests } }

  func dataTask(with request: URLRequest, completionHandler: @escaping DataTaskCompletion)
    -> any URLSessionDataTaskProtocol
  {
    let reply = lock.withLock {
      requests.append(request)
      return replies.count > 1 ? replies.removeFirst() : replies[0]
    }
    return StubDataTask {
      switch reply {
      case .success(let (data, response)): completionHandler(data, response, nil)
      case .failure(let error): completionHandler(nil, nil, error)
      }
    }
  }
}

/// A task that completes on a global queue when resumed, and records whether it was cancelled.
final class StubDataTask: URLSessionDataTaskProtocol, @unchecked Sendable {
  private let complete: @Sendable () -> Void
  private(set) var cancelCount = 0

  init(complete: @escaping @Sendable () -> Void) {
    self.complete = complete
  }

  func resume() {
    DispatchQueue.global().async(execute: complete)
  }

  func cancel() {
    cancelCount += 1
  }
}

/// An error a fake transport fails with.
struct FakeTransportError: LocalizedError {
  var errorDescription: String? { "offline" }
}
