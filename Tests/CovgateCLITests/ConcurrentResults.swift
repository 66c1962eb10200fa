import Foundation

/// Command results collected from several threads.
final class ConcurrentResults: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [CLIHarness.Result?] = []

  func append(_ result: CLIHarness.Result?) { lock.withLock { results.append(result) } }
  var all: [CLIHarness.Result?] { lock.withLock { results } }
}
