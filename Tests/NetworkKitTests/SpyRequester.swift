import Foundation
import NetworkKit

/// Stands in for the request function: records each call and keeps its completion.
final class SpyRequester {
  struct Call {
    var url: URL
    var method: HTTPMethod
    var parameters: [String: Any]?
    var completion: @Sendable (any Responsable) -> Void
  }

  private(set) var calls: [Call] = []
  let cancellable = SpyCancellable()

  func request(
    url: URL, method: HTTPMethod, parameters: [String: Any]?,
    completion: @escaping @Sendable (any Responsable) -> Void
  ) -> any Cancellable {
    calls.append(Call(url: url, method: method, parameters: parameters, completion: completion))
    return cancellable
  }
}
