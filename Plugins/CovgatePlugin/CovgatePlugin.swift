import Foundation
import PackagePlugin

/// `swift package covgate [covgate run options]`: builds the package's tests with coverage
/// through SwiftPM's plugin API, then has covgate run each test in a process of its own and gate
/// the result.
///
/// SwiftPM does not instrument a plugin's test run itself (`enableCodeCoverage` only collects
/// what instrumented binaries write), so the plugin builds with the coverage flags, atomic
/// counters included. The outer `swift package` holds the build lock, so covgate must not run
/// `swift` here: the plugin writes the package description itself (`--package-description`)
/// and covgate runs the built test binaries (`--per-test --built-tests`). Failed tests still
/// get their reports, then the plugin fails.
@main
struct CovgatePlugin: CommandPlugin {
  /// Source-based coverage, counters updated atomically (tests run in parallel), and objects
  /// emitted again when only these flags change.
  static let swiftCoverageFlags = [
    "-profile-generate", "-profile-coverage-mapping", "-Xllvm",
    "-instrprof-atomic-counter-update-all", "-Xfrontend", "-disable-incremental-llvm-codegen",
  ]
  /// The same for C, C++ and Objective-C targets.
  static let clangCoverageFlags = ["-fprofile-instr-generate", "-fcoverage-mapping"]

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let covgate = try context.tool(named: "covgate").url
    let root = context.package.directoryURL.standardizedFileURL.path
    let work = context.pluginWorkDirectoryURL
    let environment = Self.covgateEnvironment(context: context, workDirectory: work)
    if CovgateInvocation.asksForHelp(arguments) {
      _ = try Self.run(covgate, ["run", "--help"], in: root, environment: environment)
      return
    }

    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let descriptionFile = work.appendingPathComponent("package-description.json")
    try DescribedPackage(context.package).write(to: descriptionFile)

    Self.log("covgate: building the tests with coverage")
    var parameters = PackageManager.BuildParameters(configuration: .debug, logging: .concise)
    parameters.otherSwiftcFlags = Self.swiftCoverageFlags
    parameters.otherCFlags = Self.clangCoverageFlags
    parameters.otherCxxFlags = Self.clangCoverageFlags
    let build = try packageManager.build(.all(includingTests: true), parameters: parameters)
    guard build.succeeded else {
      Self.log(build.logText)
      throw CovgatePluginError.buildFailed
    }

    let buildFolder = CovgateInvocation.buildFolder(pluginWorkDirectory: work, packageRoot: root)
    let invocation = CovgateInvocation(
      packageRoot: root, descriptionFile: descriptionFile.path, buildFolder: buildFolder,
      userArguments: arguments)
    let exitCode = try Self.run(covgate, invocation.arguments, in: root, environment: environment)
    switch exitCode {
    case 0: return
    case 3: throw CovgatePluginError.testsFailed
    default: throw CovgatePluginError.covgateFailed(exitCode: exitCode)
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
