/// The build or the tests failed before any coverage was written: a failed test run (exit
/// code 3), not an input error.
public struct TestRunFailure: Error, Equatable, CustomStringConvertible {
  /// `swift test`'s exit code.
  public var exitCode: Int32

  public init(exitCode: Int32) {
    self.exitCode = exitCode
  }

  public var description: String {
    "`swift test` failed with exit code \(exitCode): the build or the tests failed before any coverage was written; see the output above"
  }
}
