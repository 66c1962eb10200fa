/// How a command run with `CommandRunning.stream` ended.
public struct StreamResult: Sendable, Equatable {
  /// The exit code; 128 + the signal number when a signal ended it.
  public var exitCode: Int32
  /// Whether it ran past its time limit, so that covgate stopped it and everything it started.
  public var timedOut: Bool
  /// The signal that ended it, if one did.
  public var signal: Int32?

  public init(exitCode: Int32, timedOut: Bool = false, signal: Int32? = nil) {
    self.exitCode = exitCode
    self.timedOut = timedOut
    self.signal = signal
  }
}
