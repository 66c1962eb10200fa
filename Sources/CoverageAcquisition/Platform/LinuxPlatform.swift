import CoverageModel
import Foundation

/// Linux: `llvm-cov` and `llvm-profdata` sit next to the real (symlink-resolved) `swift`; a test
/// product (`*.xctest`) is an executable that runs and lists its own tests; tests fork from
/// test servers (`LD_PRELOAD`); the process table is `/proc`.
public struct LinuxPlatform: Platform {
  let environment: [String: String]
  let fileExists: @Sendable (String) -> Bool
  let resolveLinks: @Sendable (String) -> String

  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    fileExists: @escaping @Sendable (String) -> Bool = {
      FileManager.default.isExecutableFile(atPath: $0)
    },
    resolveLinks: @escaping @Sendable (String) -> String = {
      URL(fileURLWithPath: $0).resolvingSymlinksInPath().path
    }
  ) {
    self.environment = environment
    self.fileExists = fileExists
    self.resolveLinks = resolveLinks
  }

  public func locateToolchain() throws -> Toolchain {
    guard let swift = findSwift() else { throw ToolchainError.swiftNotFound }
    // `swift` is a multi-call binary chosen by its name: run it by the name found, but look
    // for the llvm tools beside the file the links lead to.
    let folder = (resolveLinks(swift) as NSString).deletingLastPathComponent
    let tools = ["llvm-cov", "llvm-profdata"].map {
      (folder as NSString).appendingPathComponent($0)
    }
    for (name, path) in zip(["llvm-cov", "llvm-profdata"], tools) where !fileExists(path) {
      throw ToolchainError.toolMissing(tool: name, swift: swift)
    }
    return Toolchain(swift: swift, llvmCov: tools[0], llvmProfdata: tools[1])
  }

  public func locateSwift() throws -> String {
    guard let swift = findSwift() else { throw ToolchainError.swiftNotFound }
    return swift
  }

  public func testExecutable(ofBundle bundle: String) -> String { bundle }

  /// ELF: `__llvm_covmap` and `__llvm_covfun`.
  public func coverageSections(ofBinary path: String) throws -> CoverageSections {
    try CoverageSections.read(path: path, locate: CoverageSections.inELF)
  }

  /// The product itself: `Module.Type/name` for XCTest, Swift Testing's entry point with a
  /// `--filter` for Swift Testing.
  public func command(running test: TestCase) -> TestCommand {
    switch test.library {
    case .xctest: TestCommand(executable: test.binary, arguments: [test.id])
    case .swiftTesting:
      TestCommand(
        executable: test.binary,
        arguments: [
          "--testing-library", "swift-testing", "--filter", "^" + TestCase.regexEscaped(test.id),
        ])
    }
  }

  public func listing(of binary: String, library: TestCaseResult.Library, scratch: String)
    -> TestListingCommand
  {
    let arguments =
      switch library {
      case .xctest: ["--list-tests"]
      case .swiftTesting: ["--testing-library", "swift-testing", "--list-tests"]
      }
    return TestListingCommand(
      command: TestCommand(executable: binary, arguments: arguments), output: .lines)
  }

  public var testServersUnavailable: String? { nil }

  public var demanglerLibraryName: String { "libswiftDemangle.so" }

  /// `/proc`, read directly; `ps` where it is not mounted (a container without it).
  public func processTable() -> [ProcessTree.Entry] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc"),
      names.contains("self")
    else { return ProcessTree.psTable() }
    return names.compactMap { name in
      guard Int32(name) != nil, let stat = ProcessTree.readSmallFile("/proc/\(name)/stat") else {
        return nil
      }
      return ProcessTree.parse(stat: stat)
    }
  }

  /// `$XDG_CACHE_HOME`, else `~/.cache` (the XDG base directory default).
  public func cacheBase(environment: [String: String]) -> String? {
    xdgCacheBase(environment: environment, elseBelowHome: ".cache")
  }

  /// `/proc/self/exe`'s target, read with one `realpath` (not `Bundle.main`, which lists the
  /// executable's folder first).
  public func executablePath() -> String? {
    guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `SWIFT_EXEC`-style override first (`COVGATE_SWIFT`), then PATH.
  private func findSwift() -> String? {
    if let explicit = environment["COVGATE_SWIFT"], !explicit.isEmpty {
      return fileExists(explicit) ? explicit : nil
    }
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").lazy
      .map { ($0 as Substring).appending("/swift") }
      .first(where: fileExists)
  }
}
