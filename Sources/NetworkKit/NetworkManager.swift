import Foundation

/// Sends one call and reports its response; `LiveRequester.request` in the app, a fake in tests.
public typealias RequestFunction = (
  _ url: URL, _ method: HTTPMethod, _ parameters: [String: Any]?,
  _ completion: @escaping @Sendable (any Responsable) -> Void
) -> any Cancellable

/// Calls a JSON API whose answers carry a `code` (0 for success) and data under a key path.
public final class NetworkManager {
  private let baseURL: String
  private let request: RequestFunction
  /// Where it says why a request was not sent: standard error unless replaced. Injected through
  /// the property (a default every caller gets, a test sets its own), not the initialiser.
  public var logger: any NetworkLogger = LineLogger()

  /// Creates a manager for `baseURL` that sends through `request`.
  public init(baseURL: String, request: @escaping RequestFunction) {
    self.baseURL = baseURL
    self.request = request
  }

  /// A manager that sends real requests through `client`.
  public static func live(baseURL: String, client: ApiClient = .live) -> NetworkManager {
    NetworkManager(baseURL: baseURL, request: LiveRequester(client: client).request)
  }

  /// Calls `api` and reports the value at `responseKey`; nil, with a logged reason, for a bad URL.
  ///
  /// The method is POST unless given, as in the API our testing guideline's manager talks to.
  /// For a bad URL `completion` still runs, with `NetworkError.invalidURL`.
  @discardableResult
  public func fetchData(
    api: String, method: HTTPMethod = .post, parameters: [String: Any]? = nil,
    responseKey: String? = nil,
    completion: @escaping @Sendable (Result<Any, any Error>) -> Void
  ) -> (any Cancellable)? {
    let text = Self.joined(baseURL, api)
    guard let url = Self.httpURL(text) else {
      logger.log("NetworkManager: not sending \(method.rawValue) \(api): invalid URL '\(text)'")
      completion(.failure(NetworkError.invalidURL(text)))
      return nil
    }
    return request(url, method, parameters) { response in
      completion(Self.parse(response.result, responseKey: responseKey))
    }
  }

  /// Checks an API answer: passes failures through, maps a non-zero `code`, follows `responseKey`.
  ///
  /// `responseKey` may be dotted (`data.vehicle_list`) to reach into nested objects.
  public func parseResult(_ result: Result<Any, any Error>, responseKey: String?) -> Result<
    Any, any Error
  > {
    Self.parse(result, responseKey: responseKey)
  }

  private static func parse(_ result: Result<Any, any Error>, responseKey: String?) -> Result<
    Any, any Error
  > {
    guard case .success(let json) = result else { return result }
    if let object = json as? [String: Any], let code = object["code"] as? Int, code != 0 {
      return .failure(NetworkError.server(code: code, message: object["message"] as? String))
    }
    guard let responseKey, !responseKey.isEmpty else { return .success(json) }
    var value: Any = json
    for key in responseKey.split(separator: ".", omittingEmptySubsequences: false) {
      guard let object = value as? [String: Any], let next = object[String(key)], !(next is NSNull)
      else {
        return .failure(NetworkError.transformFailed(key: responseKey))
      }
      value = next
    }
    return .success(value)
  }

  private static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }

  /// `base` and `path` with exactly one `/` between them: `https://api.test` and `vehicles`
  /// make `https://api.test/vehicles`, not the host `api.testvehicles`.
  static func joined(_ base: String, _ path: String) -> String {
    guard !path.isEmpty else { return base }
    let trimmedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
    let trimmedPath = path.hasPrefix("/") ? String(path.dropFirst()) : path
    return trimmedBase + "/" + trimmedPath
  }
}
