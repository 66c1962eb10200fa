import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Talks to a JSON API over a `URLSessionProtocol`: checks the HTTP status and decodes bodies.
///
/// Two faces over one transport: `send(_:completion:)` for completion-handler callers, and
/// `data(for:)` for async/await, which honours task cancellation (the data task is cancelled and
/// `CancellationError` thrown) and retries transient failures of requests safe to send twice as its
/// `RetryPolicy` says.
public struct ApiClient: Sendable {
  /// The transport every request goes through.
  public let session: any URLSessionProtocol
  /// When a failed request is sent again.
  public let retry: RetryPolicy
  private let clock: any Clock<Duration>

  /// Creates a client over `session` that retries by `retry`, pausing on `clock`.
  public init(
    session: any URLSessionProtocol, retry: RetryPolicy = .never,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.session = session
    self.retry = retry
    self.clock = clock
  }

  /// A client over the shared `URLSession` with the standard retries.
  public static var live: ApiClient { ApiClient(session: URLSession.shared, retry: .standard) }

  /// Sends `request` once and reports the body of a 2xx reply; the returned task can cancel it.
  @discardableResult
  public func send(
    _ request: URLRequest, completion: @escaping @Sendable (Result<Data, NetworkError>) -> Void
  ) -> any URLSessionDataTaskProtocol {
    let task = session.dataTask(with: request) { data, response, error in
      completion(Self.checked(data: data, response: response, error: error))
    }
    task.resume()
    return task
  }

  /// The body at `url`, provided the server answered 2xx.
  public func data(from url: URL) async throws -> Data {
    try await data(for: URLRequest(url: url))
  }

  /// The body of the reply to `request`, provided the server answered 2xx.
  ///
  /// Throws `CancellationError` when the calling task is cancelled, `NetworkError` otherwise.
  public func data(for request: URLRequest) async throws -> Data {
    var attempt = 1
    while true {
      do {
        return try await sendOnce(request)
      } catch let error as NetworkError
        where attempt < retry.maxAttempts && RetryPolicy.isTransient(error)
        && RetryPolicy.mayResend(request)
      {
        try await clock.sleep(for: retry.delay(afterAttempt: attempt))
        attempt += 1
      }
    }
  }

  /// Fetches `url` and decodes its JSON as `type`.
  public func get<T: Decodable>(_ type: T.Type, from url: URL) async throws -> T {
    try decode(type, from: try await data(from: url))
  }

  /// Sends `request` and decodes the JSON reply as `type`.
  public func send<T: Decodable>(_ request: URLRequest, decoding type: T.Type) async throws -> T {
    try decode(type, from: try await data(for: request))
  }

  private func sendOnce(_ request: URLRequest) async throws -> Data {
    try Task.checkCancellation()
    let inFlight = InFlightTask()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        inFlight.start(send(request) { continuation.resume(returning: $0) })
      }
    } onCancel: {
      inFlight.cancel()
    }
    if case .failure(.cancelled) = result { throw CancellationError() }
    return try result.get()
  }

  /// Turns what a data task reported into the body of a 2xx reply, or why there is none.
  static func checked(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<
    Data, NetworkError
  > {
    if let error {
      if (error as? URLError)?.code == .cancelled { return .failure(.cancelled) }
      return .failure(.transport(error.localizedDescription))
    }
    guard let http = response as? HTTPURLResponse else { return .failure(.invalidResponse) }
    guard (200..<300).contains(http.statusCode) else {
      return .failure(.httpStatus(http.statusCode))
    }
    return .success(data ?? Data())
  }

  private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw NetworkError.decoding(String(describing: error))
    }
  }
}

/// The data task of one attempt, so a cancellation that races its start still stops it.
private final class InFlightTask: @unchecked Sendable {
  private let lock = NSLock()
  private var task: (any URLSessionDataTaskProtocol)?
  private var isCancelled = false

  func start(_ task: any URLSessionDataTaskProtocol) {
    let cancelNow = lock.withLock {
      self.task = task
      return isCancelled
    }
    if cancelNow { task.cancel() }
  }

  func cancel() {
    let task = lock.withLock {
      isCancelled = true
      return self.task
    }
    task?.cancel()
  }
}
