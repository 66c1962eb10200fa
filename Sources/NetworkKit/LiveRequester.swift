import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real request function behind `NetworkManager`: sends through an `ApiClient`, parses JSON.
public struct LiveRequester: Sendable {
  private let client: ApiClient

  /// Creates a requester over `client`.
  public init(client: ApiClient) {
    self.client = client
  }

  /// Sends the call in a task and reports the parsed JSON.
  ///
  /// Cancelling cancels the task and with it the HTTP request; the completion is then not called.
  public func request(
    url: URL, method: HTTPMethod, parameters: [String: Any]?,
    completion: @escaping @Sendable (any Responsable) -> Void
  ) -> any Cancellable {
    let request: URLRequest
    do {
      request = try RequestEncoding.makeRequest(url: url, method: method, parameters: parameters)
    } catch {
      completion(JSONResponse(result: .failure(error)))
      return TaskCancellable(task: nil)
    }
    let client = self.client
    let task = Task {
      do {
        let data = try await client.data(for: request)
        let json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        completion(JSONResponse(result: .success(json)))
      } catch is CancellationError {
        return
      } catch let error as NetworkError {
        completion(JSONResponse(result: .failure(error)))
      } catch {
        completion(
          JSONResponse(result: .failure(NetworkError.decoding(error.localizedDescription))))
      }
    }
    return TaskCancellable(task: task)
  }
}

/// A `Cancellable` over a Swift concurrency task.
public final class TaskCancellable: Cancellable, Sendable {
  private let task: Task<Void, Never>?

  /// Wraps `task`; nil for work that already finished.
  public init(task: Task<Void, Never>?) {
    self.task = task
  }

  /// Cancels the task.
  public func cancel() {
    task?.cancel()
  }
}
