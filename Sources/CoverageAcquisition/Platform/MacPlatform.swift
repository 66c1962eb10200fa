import CoverageModel
import Foundation

/// macOS: tools come from `xcrun --find`; a test product is a bundle
/// (`PkgPackageTests.xctest/Contents/MacOS/PkgPackageTests`, a Mach-O bundle that cannot run
/// by itself), so tests start as `swift test` starts them: XCTest through Xcode's `xctest`
/// (listed by `swiftpm-xctest-helper`), Swift Testing through the toolchain's
/// `swiftpm-testing-helper`, which loads the bundle and calls its entry point. No test servers
/// (their hook is an `LD_PRELOAD` library of glibc's start-up); the process table is `ps`'s;
/// caches go to `~/Library/Caches`.
public struct MacPlatform: Platform {
  let runner: any CommandRunning
  private let tools: TestTools

  public init(runner: any CommandRunning = LiveCommandRunner()) {
    self.runner = runner
    self.tools = TestTools()
  }

  public func locateToolchain() throws -> Toolchain {
    Toolchain(
      swift: try find("swift"), llvmCov: try find("llvm-cov"),
      llvmProfdata: try find("llvm-profdata"))
  }

  public func locateSwift() throws -> String {
    do { return try find("swift") } catch ToolchainError.toolMissing {
      throw ToolchainError.swiftNotFound
    }
  }

  public func testExecutable(ofBundle bundle: String) -> String {
    let name = ((bundle as NSString).lastPathComponent as NSString).deletingPathExtension
    return "\(bundle)/Contents/MacOS/\(name)"
  }

  /// Mach-O: the `__LLVM_COV` segment's `__llvm_covmap` and `__llvm_covfun` (of the first
  /// 64-bit slice of a universal binary).
  public func coverageSections(ofBinary path: String) throws -> CoverageSections {
    try CoverageSections.read(path: path, locate: CoverageSections.inMachO)
  }

  /// `xctest -XCTest Module.Type/name Bundle.xctest` with Xcode's testing frameworks on the
  /// loader's paths; `swiftpm-testing-helper --test-bundle-path BINARY --filter ^ID BINARY
  /// --testing-library swift-testing` (the arguments SwiftPM's `swift test` gives it).
  public func command(running test: TestCase) throws -> TestCommand {
    let located = try tools.located(by: self)
    switch test.library {
    case .xctest:
      return TestCommand(
        executable: located.xctest,
        arguments: ["-XCTest", test.id, Self.bundle(ofTestExecutable: test.binary)],
        environment: located.xctestEnvironment)
    case .swiftTesting:
      return TestCommand(
        executable: located.testingHelper,
        arguments: [
          "--test-bundle-path", test.binary, "--filter", "^" + TestCase.regexEscaped(test.id),
          test.binary, "--testing-library", "swift-testing",
        ])
    }
  }

  /// XCTest's tests from `swiftpm-xctest-helper BUNDLE OUTPUT` (JSON in OUTPUT); Swift
  /// Testing's from the testing helper's `--list-tests`.
  public func listing(of binary: String, library: TestCaseResult.Library, scratch: String) throws
    -> TestListingCommand
  {
    let located = try tools.located(by: self)
    switch library {
    case .xctest:
      let output = "\(scratch)/covgate-xctest-list-\(getpid()).json"
      return TestListingCommand(
        command: TestCommand(
          executable: located.xctestHelper,
          arguments: [Self.bundle(ofTestExecutable: binary), output],
          environment: located.xctestEnvironment),
        output: .xctestHelperJSON(output))
    case .swiftTesting:
      return TestListingCommand(
        command: TestCommand(
          executable: located.testingHelper,
          arguments: [
            "--test-bundle-path", binary, "--list-tests", binary, "--testing-library",
            "swift-testing",
          ]),
        output: .lines)
    }
  }

  public var testServersUnavailable: String? {
    "test servers need Linux (their hook replaces glibc's start-up through LD_PRELOAD); on macOS each test starts a process of its own"
  }

  public var demanglerLibraryName: String { "libswiftDemangle.dylib" }

  /// `ps` (macOS has no `/proc`), without start times.
  public func processTable() -> [ProcessTree.Entry] { ProcessTree.psTable() }

  /// `$XDG_CACHE_HOME` when set, else `~/Library/Caches` (where macOS keeps caches, which
  /// backups skip).
  public func cacheBase(environment: [String: String]) -> String? {
    xdgCacheBase(environment: environment, elseBelowHome: "Library/Caches")
  }

  /// Foundation's answer (`_NSGetExecutablePath` underneath), links resolved: macOS has no
  /// `/proc`, and `argv[0]` is a bare name when covgate was found through PATH.
  public func executablePath() -> String? {
    Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
  }

  /// `Bundle.xctest` of `Bundle.xctest/Contents/MacOS/Bundle`.
  static func bundle(ofTestExecutable binary: String) -> String {
    var bundle = binary
    for _ in 0..<3 { bundle = (bundle as NSString).deletingLastPathComponent }
    return bundle.hasSuffix(".xctest") ? bundle : binary
  }

  func find(_ tool: String, sdk: Bool = false) throws -> String {
    try xcrun((sdk ? ["--sdk", "macosx"] : []) + ["--find", tool], naming: tool)
  }

  /// The path `xcrun` prints for `arguments`; `toolMissing` naming `what` when it has none.
  private func xcrun(_ arguments: [String], naming what: String) throws -> String {
    let result = try runner.capture("/usr/bin/xcrun", arguments, in: nil)
    let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    guard result.exitCode == 0, !path.isEmpty else {
      throw ToolchainError.toolMissing(tool: what, swift: "xcrun's active toolchain")
    }
    return path
  }

  /// The programs that start tests, found once per platform value.
  struct Located: Sendable, Equatable {
    var xctest: String
    var xctestHelper: String
    var testingHelper: String
    /// What `swift test` adds for XCTest: the platform's testing frameworks on the loader's
    /// paths, and Swift Testing kept out of XCTest's run.
    var xctestEnvironment: [String: String]
  }

  final class TestTools: @unchecked Sendable {
    private let lock = NSLock()
    private var found: Result<Located, any Error>?

    func located(by platform: MacPlatform) throws -> Located {
      try lock.withLock {
        if found == nil { found = Result { try platform.locateTestTools() } }
        return try found!.get()
      }
    }
  }

  /// `xctest` from the SDK (`xcrun --sdk macosx --find xctest`); the helpers in the toolchain's
  /// `usr/libexec/swift/pm` beside `swift`; the platform folder from
  /// `xcrun --sdk macosx --show-sdk-platform-path`.
  func locateTestTools() throws -> Located {
    let xctest = try find("xctest", sdk: true)
    let swiftFolder = (try locateSwift() as NSString).deletingLastPathComponent
    let helpers = ((swiftFolder as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("libexec/swift/pm")
    let platformFolder = try xcrun(
      ["--sdk", "macosx", "--show-sdk-platform-path"], naming: "the macOS SDK platform")
    let developer = "\(platformFolder)/Developer"
    return Located(
      xctest: xctest, xctestHelper: "\(helpers)/swiftpm-xctest-helper",
      testingHelper: "\(helpers)/swiftpm-testing-helper",
      xctestEnvironment: [
        "DYLD_FRAMEWORK_PATH":
          "\(developer)/Library/Frameworks:\(developer)/Library/PrivateFrameworks",
        "DYLD_LIBRARY_PATH": "\(developer)/usr/lib",
        "SWIFT_TESTING_ENABLED": "0",
      ])
  }
}
