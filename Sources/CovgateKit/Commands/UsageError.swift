/// A command line the kit refuses before anything runs (an unknown format, a malformed
/// argument, a setting the run cannot do without): the CLI says it as a usage error, exit 64.
public struct UsageError: Error, CustomStringConvertible, Equatable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
