import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Talks to a JSON API: checks the HTTP status and decodes bodies.
public struct ApiClient: Sendable {
  private let session: any NetworkSession

  /// Creates a client over `session`.
  public init(session: any NetworkSession) {
    self.session = session
  }

  /// A client over the shared `URLSession`.
  public static var live: ApiClient { ApiClient(session: URLSession.shared) }

  /// The body at `url`, provided the server answered 2xx.
  public func data(from url: URL) async throws -> Data {
    try await checked { try await session.requestData(url: url) }
  }

  /// The body of the reply to `request`, provided the server answered 2xx.
  public func data(for request: URLRequest) async throws -> Data {
    try await checked { try await session.requestData(urlRequest: request) }
  }

  /// Fetches `url` and decodes its JSON as `type`.
  public func get<T: Decodable>(_ type: T.Type, from url: URL) async throws -> T {
    try decode(type, from: try await data(from: url))
  }

  /// Sends `request` and decodes the JSON reply as `type`.
  public func send<T: Decodable>(_ request: URLRequest, decoding type: T.Type) async throws -> T {
    try decode(type, from: try await data(for: request))
  }

  private func checked(_ load: () async throws -> (Data, URLResponse)) async throws -> Data {
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await load()
    } catch let error as CancellationError {
      throw error
    } catch {
      throw NetworkError.transport(error.localizedDescription)
    }
    guard let http = response as? HTTPURLResponse else { throw NetworkError.invalidResponse }
    guard (200..<300).contains(http.statusCode) else {
      throw NetworkError.httpStatus(http.statusCode)
    }
    return data
  }

  private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw NetworkError.decoding(String(describing: error))
    }
  }
}
