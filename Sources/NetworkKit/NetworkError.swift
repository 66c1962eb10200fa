import Foundation

/// Why a request to the JSON API did not give a usable answer, in one line.
public enum NetworkError: Error, Equatable, Sendable {
  /// The base URL and API path do not make an http(s) URL.
  case invalidURL(String)
  /// The parameters cannot be encoded as JSON.
  case invalidParameters
  /// The request failed before any response.
  case transport(String)
  /// The request was cancelled before it finished.
  case cancelled
  /// The reply was not an HTTP response.
  case invalidResponse
  /// The server answered with a status outside 200-299.
  case httpStatus(Int)
  /// The body could not be decoded into the expected type.
  case decoding(String)
  /// The API answered `{"code": N}` with N other than 0.
  case server(code: Int, message: String?)
  /// The response has no value at the expected key path.
  case transformFailed(key: String)
}

extension NetworkError: CustomStringConvertible {
  /// A one-line explanation of the failure.
  public var description: String {
    switch self {
    case .invalidURL(let text):
      return "Invalid URL '\(text)': it needs an http or https scheme and a host"
    case .invalidParameters:
      return "The request parameters cannot be encoded as JSON"
    case .transport(let reason):
      return "The request failed: \(reason)"
    case .cancelled:
      return "The request was cancelled"
    case .invalidResponse:
      return "The server did not send an HTTP response"
    case .httpStatus(let status):
      return "The server answered with HTTP status \(status)"
    case .decoding(let reason):
      return "The response could not be decoded: \(reason)"
    case .server(let code, let message):
      return "The API reported error code \(code)" + (message.map { ": \($0)" } ?? "")
    case .transformFailed(let key):
      return "Transform failed: the response has no value at '\(key)'"
    }
  }
}

extension NetworkError: LocalizedError {
  /// The same one-line explanation, for APIs that read `localizedDescription`.
  public var errorDescription: String? { description }
}
