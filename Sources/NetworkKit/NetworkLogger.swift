import Foundation

/// Where the network layer writes why it did not send a request.
public protocol NetworkLogger: Sendable {
  /// Records one line.
  func log(_ message: String)
}

/// A logger that hands each line to a writer; standard error by default.
public struct LineLogger: NetworkLogger {
  private let write: @Sendable (String) -> Void

  /// Creates a logger that passes each line to `write`.
  public init(write: @escaping @Sendable (String) -> Void = LineLogger.standardError) {
    self.write = write
  }

  /// Passes `message` to the writer.
  public func log(_ message: String) {
    write(message)
  }

  /// Writes a line to the process's standard error.
  public static func standardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
