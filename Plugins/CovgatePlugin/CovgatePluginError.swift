/// Why `swift package covgate` failed, in one line with the cause and what to do.
enum CovgatePluginError: Error, CustomStringConvertible {
  /// SwiftPM could not build the tests (its log is printed above).
  case buildFailed
  /// The tests ran and some failed; covgate still wrote its reports.
  case testsFailed
  /// covgate itself failed (gate failed, bad config...); it said why above.
  case covgateFailed(exitCode: Int32)

  var description: String {
    switch self {
    case .buildFailed:
      "SwiftPM could not build the tests with coverage; its log is above"
    case .testsFailed:
      "the tests failed (named above); covgate's reports are from the run as it went"
    case .covgateFailed(let exitCode):
      "covgate exited with \(exitCode) (1: the gate failed, 2: config, input or toolchain error, 64: usage)"
    }
  }
}
