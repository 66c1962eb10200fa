import Foundation
import PackagePlugin

/// `swift package covgate [covgate check options]`: runs the package's tests with coverage
/// through SwiftPM's plugin API, then hands the coverage to covgate.
///
/// The outer `swift package` holds the build lock, so covgate must not run `swift` here: the
/// plugin writes the package description itself (`--package-description`) and passes SwiftPM's
/// export (`--input`), or, when there is none, the build folder whose profiles covgate merges
/// with the llvm tools alone (`--from-build`). Failed tests still get their reports, then the
/// plugin fails.
@main
struct CovgatePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let covgate = try context.tool(named: "covgate").url
    let root = context.package.directoryURL.standardizedFileURL.path
    let work = context.pluginWorkDirectoryURL
    let environment = Self.covgateEnvironment(context: context, workDirectory: work)
    if CovgateInvocation.asksForHelp(arguments) {
      _ = try Self.run(covgate, ["check", "--help"], in: root, environment: environment)
      return
    }

    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let descriptionFile = work.appendingPathComponent("package-description.json")
    try DescribedPackage(context.package).write(to: descriptionFile)

    let buildFolder = CovgateInvocation.buildFolder(pluginWorkDirectory: work, packageRoot: root)
    Self.log("covgate: building and running the tests with coverage")
    let result = try runTests(buildFolder: buildFolder, arguments: arguments)
    let failed = Self.failedTests(result)
    for name in failed { Self.log("covgate: test failed: \(name)") }

    let invocation = CovgateInvocation(
      packageRoot: root, descriptionFile: descriptionFile.path, buildFolder: buildFolder,
      userArguments: arguments, testsFailed: !result.succeeded)
    if !result.succeeded, invocation.forwardedArguments != arguments {
      Self.log("covgate: the tests failed, so the baseline is not updated")
    }
    let exitCode = try Self.run(covgate, invocation.arguments, in: root, environment: environment)
    if !result.succeeded { throw CovgatePluginError.testsFailed(failed: failed.count) }
    if exitCode != 0 { throw CovgatePluginError.covgateFailed(exitCode: exitCode) }
  }

  /// `packageManager.test` with coverage, its errors made plain.
  private func runTests(buildFolder: String, arguments: [String]) throws
    -> PackageManager.TestResult
  {
    do {
      return try packageManager.test(.all, parameters: .init(enableCodeCoverage: true))
    } catch {
      let detail = String(describing: error).split(whereSeparator: \.isNewline).joined(
        separator: " ")
      let profiles =
        (try? FileManager.default.contentsOfDirectory(atPath: "\(buildFolder)/codecov")) ?? []
      if !profiles.contains(where: { $0.hasSuffix(".profraw") }), detail.contains("codecov") {
        throw CovgatePluginError.notInstrumented(arguments: arguments)
      }
      throw CovgatePluginError.testRunFailed(detail)
    }
  }

  /// `Target.Class/test` of every failed test (SwiftPM does not show the tests' output).
  private static func failedTests(_ result: PackageManager.TestResult) -> [String] {
    result.testTargets.flatMap { target in
      target.testCases.flatMap { testCase in
        testCase.tests.filter { $0.result == .failed }.map { "\(testCase.name)/\($0.name)" }
      }
    }
  }

  /// The plugin's environment, plus: the toolchain that built the tests (`COVGATE_SWIFT`, so
  /// covgate takes its llvm tools, not another toolchain's from PATH), and a profile file
  /// outside the package for a covgate that was itself built with coverage flags.
  private static func covgateEnvironment(context: PluginContext, workDirectory: URL) -> [String:
    String]
  {
    var environment = ProcessInfo.processInfo.environment
    environment["LLVM_PROFILE_FILE"] =
      workDirectory.appendingPathComponent("covgate-tool-%p.profraw").path
    if environment["COVGATE_SWIFT"] == nil, let llvmCov = try? context.tool(named: "llvm-cov").url {
      let swift = llvmCov.deletingLastPathComponent().appendingPathComponent("swift").path
      if FileManager.default.isExecutableFile(atPath: swift) {
        environment["COVGATE_SWIFT"] = swift
      }
    }
    return environment
  }

  /// Runs covgate with the plugin's standard output and error; returns its exit code.
  private static func run(
    _ executable: URL, _ arguments: [String], in folder: String, environment: [String: String]
  ) throws -> Int32 {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  private static func log(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
