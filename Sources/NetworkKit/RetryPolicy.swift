import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How `ApiClient` retries a request that failed in a way that may pass: a 5xx status or a
/// transport error. The delay doubles after each attempt; the client sleeps on its injected clock.
///
/// Only a request that is safe to send twice is retried: an idempotent method (RFC 9110 9.2.2:
/// GET, HEAD, OPTIONS, TRACE, PUT, DELETE), or one carrying an `Idempotency-Key` the server
/// uses to answer a repeat with the first reply. A POST that timed out may have been carried
/// out: sent again, a booking would be made twice.
public struct RetryPolicy: Equatable, Sendable {
  /// How many times a request is sent at most, the first included.
  public var maxAttempts: Int
  /// The pause before the second attempt; each later pause is twice the one before.
  public var initialDelay: Duration

  /// Creates a policy; fewer than one attempt counts as one.
  public init(maxAttempts: Int, initialDelay: Duration) {
    self.maxAttempts = max(maxAttempts, 1)
    self.initialDelay = initialDelay
  }

  /// Send once, never retry.
  public static let never = RetryPolicy(maxAttempts: 1, initialDelay: .zero)
  /// Three attempts, 0.5 s then 1 s apart.
  public static let standard = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(500))

  /// The pause after failed attempt `attempt` (1 for the first).
  public func delay(afterAttempt attempt: Int) -> Duration {
    initialDelay * (1 << min(max(attempt - 1, 0), 16))
  }

  /// The methods whose effect is the same sent once or many times.
  public static let idempotentMethods: Set<String> = [
    "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE",
  ]

  /// Whether `request` may be sent again: its method is idempotent, or it carries an
  /// `Idempotency-Key`.
  public static func mayResend(_ request: URLRequest) -> Bool {
    // No method is a GET.
    if let method = request.httpMethod, !idempotentMethods.contains(method.uppercased()) {
      return request.value(forHTTPHeaderField: "Idempotency-Key") != nil
    }
    return true
  }

  /// Whether `error` may pass on a later attempt: the server's 5xx, or no answer at all.
  public static func isTransient(_ error: NetworkError) -> Bool {
    switch error {
    case .transport: return true
    case .httpStatus(let status): return (500...599).contains(status)
    default: return false
    }
  }
}
