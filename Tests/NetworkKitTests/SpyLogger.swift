import NetworkKit

/// Records logged lines.
final class SpyLogger: NetworkLogger, @unchecked Sendable {
  private(set) var messages: [String] = []

  func log(_ message: String) {
    messages.append(message)
  }
}
