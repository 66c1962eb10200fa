import CoverageModel
import Foundation

/// Everything covgate asks of the toolchain and the processes it starts: the seam that the
/// pipeline's unit tests replace with a fake.
public protocol CoverageAcquiring: Sendable {
  /// The `swift` and its own llvm tools; the first thing a test run looks for.
  func locateToolchain() throws -> Toolchain
  /// Just `swift`, for work that needs no llvm tool.
  func locateSwift() throws -> String
  /// The package's targets, from `swift package describe` (kept in `cacheFolder`, if any).
  func describePackage(root: String, swift: String, cacheFolder: String?) throws -> PackageInfo
  /// Runs the tests with coverage and exports every test binary.
  func runTests(
    _ request: TestRunRequest, toolchain: Toolchain,
    onStep: @escaping @Sendable (AcquisitionStep) -> Void
  ) throws -> Acquisition
  /// Exports the coverage of tests that already ran in a build folder.
  func exportBuild(
    binPath: String, toolchain: Toolchain, onStep: @escaping @Sendable (AcquisitionStep) -> Void
  ) throws -> BuildExport
  /// Exports an indexed profile (`Coverage.profdata`) with the binaries that made it into a
  /// file of its own; returns its path.
  func exportProfile(_ profile: ProfileExport, toolchain: Toolchain) throws -> String
  /// How the instrumented binaries update their profile counters, read from their code.
  func counterUpdates(of binaries: [String]) -> CounterUpdates
  /// Readable function names (a name maps to itself when it cannot be demangled), kept
  /// between runs in `cacheFolder`.
  func demangle(_ names: [String], cacheFolder: String?) -> [String: String]
}

/// An indexed profile and the instrumented binaries it holds counts for (Xcode keeps both in
/// DerivedData): `llvm-cov export -instr-profile PROFDATA -object BINARY ...`.
public struct ProfileExport: Sendable, Equatable {
  public var profdata: String
  public var objects: [String]

  public init(profdata: String, objects: [String]) {
    self.profdata = profdata
    self.objects = objects
  }
}

/// A build folder's coverage exported: the export's path and the test executables it covers.
public struct BuildExport: Sendable, Equatable {
  public var path: String
  public var binaries: [String]

  public init(path: String, binaries: [String]) {
    self.path = path
    self.binaries = binaries
  }
}

/// What `swift test` is asked to do.
public struct TestRunRequest: Sendable, Equatable {
  public var root: String
  public var packageName: String
  /// Passed to `swift test` as they are (`--filter`, `--parallel`, ...).
  public var arguments: [String]
  /// Seconds after which the tests and everything they started are stopped (per test with
  /// `perTest`).
  public var timeout: TimeInterval?
  /// Run each test in a process of its own instead of `swift test`.
  public var perTest: PerTestSettings?

  public init(
    root: String, packageName: String, arguments: [String], timeout: TimeInterval?,
    perTest: PerTestSettings? = nil
  ) {
    self.root = root
    self.packageName = packageName
    self.arguments = arguments
    self.timeout = timeout
    self.perTest = perTest
  }
}

/// The real toolchain on this platform.
public struct LiveAcquisition: CoverageAcquiring {
  let platform: any Platform

  public init(platform: any Platform = currentPlatform()) {
    self.platform = platform
  }

  public func locateToolchain() throws -> Toolchain { try platform.locateToolchain() }

  public func locateSwift() throws -> String { try platform.locateSwift() }

  public func describePackage(root: String, swift: String, cacheFolder: String?) throws
    -> PackageInfo
  {
    try PackageDescriber(swift: swift).describe(root: root, cacheFolder: cacheFolder)
  }

  public func runTests(
    _ request: TestRunRequest, toolchain: Toolchain,
    onStep: @escaping @Sendable (AcquisitionStep) -> Void
  ) throws -> Acquisition {
    let runner = TestRunner(toolchain: toolchain, platform: platform, onStep: onStep)
    if let perTest = request.perTest {
      return try runner.runPerTest(
        root: request.root, arguments: request.arguments, settings: perTest,
        timeout: request.timeout)
    }
    return try runner.run(
      root: request.root, packageName: request.packageName, arguments: request.arguments,
      timeout: request.timeout)
  }

  public func exportBuild(
    binPath: String, toolchain: Toolchain, onStep: @escaping @Sendable (AcquisitionStep) -> Void
  ) throws -> BuildExport {
    try TestRunner(toolchain: toolchain, platform: platform, onStep: onStep)
      .exportBuild(binPath: binPath)
  }

  public func exportProfile(_ profile: ProfileExport, toolchain: Toolchain) throws -> String {
    try TestRunner(toolchain: toolchain, platform: platform, onStep: { _ in })
      .exportProfile(profile)
  }

  public func counterUpdates(of binaries: [String]) -> CounterUpdates {
    CounterUpdates.of(executables: binaries)
  }

  /// Demangles with the toolchain's `swift-demangle`; without a toolchain names stay mangled.
  public func demangle(_ names: [String], cacheFolder: String?) -> [String: String] {
    demangler(cacheFolder: cacheFolder)?.demangle(names) ?? [:]
  }

  private func demangler(cacheFolder: String?) -> Demangler? {
    guard let toolchain = try? platform.locateToolchain() else { return nil }
    let folder = (toolchain.llvmCov as NSString).deletingLastPathComponent
    // The run finishes the late writes before it ends (`Pipeline.run`, the command line).
    return Demangler(toolchainFolder: folder, cacheFolder: cacheFolder, savesCacheLater: true)
  }
}
