/// Why `swift package covgate` failed, in one line with the cause and what to do.
enum CovgatePluginError: Error, CustomStringConvertible {
  /// SwiftPM built the tests without coverage instrumentation, so they wrote no profiles.
  case notInstrumented(arguments: [String])
  /// SwiftPM could not build or run the tests.
  case testRunFailed(String)
  /// The tests ran and some failed; covgate still wrote its reports.
  case testsFailed(failed: Int)
  /// covgate itself failed (gate failed, bad config...); it said why above.
  case covgateFailed(exitCode: Int32)

  var description: String {
    switch self {
    case .notInstrumented(let arguments):
      "SwiftPM built the tests without coverage instrumentation, so there is no coverage (SwiftPM 6 "
        + "does not instrument the code for a plugin's test run); run: swift package -Xswiftc -profile-generate "
        + "-Xswiftc -profile-coverage-mapping --allow-writing-to-package-directory "
        + (["covgate"] + arguments).joined(separator: " ")
    case .testRunFailed(let detail):
      "SwiftPM could not build or run the tests: \(detail)"
    case .testsFailed(let failed):
      "the tests failed (\(failed) failed); covgate's reports are from the run as it went"
    case .covgateFailed(let exitCode):
      "covgate exited with \(exitCode) (1: the gate failed, 2: config, input or toolchain error, 64: usage)"
    }
  }
}
