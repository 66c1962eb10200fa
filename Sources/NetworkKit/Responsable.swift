/// The answer a request function hands back: the parsed JSON or the error.
public protocol Responsable {
  /// The decoded JSON object (dictionary, array or scalar), or why there is none.
  var result: Result<Any, any Error> { get }
}

/// A plain `Responsable` holding a result.
public struct JSONResponse: Responsable {
  /// The decoded JSON object, or why there is none.
  public let result: Result<Any, any Error>

  /// Wraps `result`.
  public init(result: Result<Any, any Error>) {
    self.result = result
  }
}

/// Something in flight that can be stopped, such as a request.
public protocol Cancellable: AnyObject {
  /// Stops the work; its completion may not be called.
  func cancel()
}

/// The HTTP verbs the API uses.
public enum HTTPMethod: String, Sendable, CaseIterable {
  /// Read.
  case get = "GET"
  /// Create.
  case post = "POST"
  /// Replace.
  case put = "PUT"
  /// Change part of.
  case patch = "PATCH"
  /// Remove.
  case delete = "DELETE"
}
