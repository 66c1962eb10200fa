import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Builds the `URLRequest` for a call: parameters go in the query for GET, as JSON otherwise.
public enum RequestEncoding {
  /// The request for `method` on `url` carrying `parameters`.
  public static func makeRequest(url: URL, method: HTTPMethod, parameters: [String: Any]?) throws
    -> URLRequest
  {
    var request = URLRequest(url: url)
    request.httpMethod = method.rawValue
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    guard let parameters, !parameters.isEmpty else { return request }
    if method == .get {
      let items = parameters.keys.sorted().map {
        URLQueryItem(name: $0, value: "\(parameters[$0]!)")
      }
      if var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
        components.queryItems = (components.queryItems ?? []) + items
        request.url = components.url ?? url
      }
    } else {
      guard JSONSerialization.isValidJSONObject(parameters) else {
        throw NetworkError.invalidParameters
      }
      request.httpBody = try JSONSerialization.data(
        withJSONObject: parameters, options: [.sortedKeys])
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    return request
  }
}
