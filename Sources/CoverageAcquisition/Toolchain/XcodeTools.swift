import CovgateSupport
import Foundation

/// What covgate asks of Xcode on a Mac: the tests run into a result bundle, and the bundle's
/// coverage as xccov's JSON. One seam: the tests replace it, or put a fake `xcrun` and
/// `xcodebuild` that replay recorded output on PATH.
public protocol XcodeRunning: Sendable {
  /// `xcodebuild test -enableCodeCoverage YES -resultBundlePath BUNDLE ...`, its output on the
  /// terminal; the exit code.
  func test(_ request: XcodeTestRequest, resultBundle: String) throws -> Int32
  /// Writes `xcrun xccov view --report --json BUNDLE` and `--archive --json BUNDLE` into
  /// `folder`; the two files' paths.
  func xccovJSON(bundle: String, into folder: String) throws -> (report: String, archive: String)
}

/// What `covgate run --xcode` passes to `xcodebuild test`.
public struct XcodeTestRequest: Sendable, Equatable {
  public var scheme: String
  public var workspace: String?
  public var project: String?
  public var destination: String?
  public var testPlan: String?
  /// Run in this folder (the project root).
  public var root: String

  public init(
    scheme: String, workspace: String? = nil, project: String? = nil, destination: String? = nil,
    testPlan: String? = nil, root: String
  ) {
    self.scheme = scheme
    self.workspace = workspace
    self.project = project
    self.destination = destination
    self.testPlan = testPlan
    self.root = root
  }

  /// The arguments of `xcodebuild`, the result bundle at `bundle`.
  public func arguments(resultBundle bundle: String) -> [String] {
    var arguments = ["test", "-scheme", scheme]
    if let workspace { arguments += ["-workspace", workspace] }
    if let project { arguments += ["-project", project] }
    if let destination { arguments += ["-destination", destination] }
    if let testPlan { arguments += ["-testPlan", testPlan] }
    return arguments + ["-enableCodeCoverage", "YES", "-resultBundlePath", bundle]
  }
}

/// `xcodebuild` and `xcrun` from PATH.
public struct LiveXcodeTools: XcodeRunning {
  let runner: any CommandRunning
  let environment: [String: String]

  public init(
    runner: any CommandRunning = LiveCommandRunner(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.runner = runner
    self.environment = environment
  }

  public func test(_ request: XcodeTestRequest, resultBundle: String) throws -> Int32 {
    try runner.stream(
      try tool("xcodebuild"), request.arguments(resultBundle: resultBundle), in: request.root,
      timeout: nil
    ).exitCode
  }

  public func xccovJSON(bundle: String, into folder: String) throws -> (
    report: String, archive: String
  ) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: bundle, isDirectory: &isFolder), isFolder.boolValue
    else { throw XcodeToolError.noBundle(path: bundle) }
    let name = ((bundle as NSString).lastPathComponent as NSString).deletingPathExtension
    var written: [String] = []
    for kind in ["report", "archive"] {
      let result = try runner.capture(
        try tool("xcrun"), ["xccov", "view", "--\(kind)", "--json", bundle], in: nil)
      guard result.exitCode == 0 else {
        throw XcodeToolError.xccovFailed(
          bundle: bundle, exitCode: result.exitCode,
          detail: result.stderr.split(separator: "\n").first.map(String.init) ?? "no output")
      }
      let path = "\(folder)/\(name)-\(written.count)-\(kind).json"
      try AtomicFile.write(Data(result.stdout.utf8), to: path)
      written.append(path)
    }
    return (written[0], written[1])
  }

  /// The tool's path on PATH.
  private func tool(_ name: String) throws -> String {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    guard
      let found = path.split(separator: ":").map({ "\($0)/\(name)" }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { throw XcodeToolError.toolMissing(name) }
    return found
  }
}

/// Why Xcode's tools could not give the coverage.
public enum XcodeToolError: Error, Equatable, CustomStringConvertible {
  case toolMissing(String)
  case noBundle(path: String)
  case xccovFailed(bundle: String, exitCode: Int32, detail: String)

  public var description: String {
    switch self {
    case .toolMissing(let tool):
      "no \(tool) on PATH: --xcresult and run --xcode need Xcode (macOS); elsewhere, pass xccov's JSON with --xccov-report and --xccov-archive"
    case .noBundle(let path):
      "\(path) is not an .xcresult bundle; pass the folder xcodebuild's -resultBundlePath wrote"
    case .xccovFailed(let bundle, let exitCode, let detail):
      "`xcrun xccov view` failed on \(bundle) with exit code \(exitCode): \(detail); check that the tests ran with -enableCodeCoverage YES"
    }
  }
}
