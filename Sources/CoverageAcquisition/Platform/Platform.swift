import Foundation

/// The llvm tools that belong to the `swift` that builds the tests.
public struct Toolchain: Sendable, Equatable {
  public var swift: String
  public var llvmCov: String
  public var llvmProfdata: String

  public init(swift: String, llvmCov: String, llvmProfdata: String) {
    self.swift = swift
    self.llvmCov = llvmCov
    self.llvmProfdata = llvmProfdata
  }
}

/// Platform differences in one place: where the tools are and where test binaries live.
public protocol Platform: Sendable {
  /// Finds the toolchain, never taking an `llvm-cov` from PATH that belongs to another compiler.
  func locateToolchain() throws -> Toolchain
  /// Finds just `swift`, for work that needs no llvm tool.
  func locateSwift() throws -> String
  /// The executable inside a `*.xctest` product.
  func testExecutable(ofBundle bundle: String) -> String
}

/// Linux: `llvm-cov` and `llvm-profdata` sit next to the real (symlink-resolved) `swift`.
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

/// macOS: tools come from `xcrun --find`; test binaries sit inside the `.xctest` bundle.
public struct MacPlatform: Platform {
  let runner: any CommandRunning

  public init(runner: any CommandRunning = LiveCommandRunner()) {
    self.runner = runner
  }

  public func locateToolchain() throws -> Toolchain {
    func find(_ tool: String) throws -> String {
      let result = try runner.capture("/usr/bin/xcrun", ["--find", tool], in: nil)
      let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      guard result.exitCode == 0, !path.isEmpty else {
        throw ToolchainError.toolMissing(tool: tool, swift: "xcrun's active toolchain")
      }
      return path
    }
    return Toolchain(
      swift: try find("swift"), llvmCov: try find("llvm-cov"),
      llvmProfdata: try find("llvm-profdata"))
  }

  public func locateSwift() throws -> String {
    let result = try runner.capture("/usr/bin/xcrun", ["--find", "swift"], in: nil)
    let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    guard result.exitCode == 0, !path.isEmpty else { throw ToolchainError.swiftNotFound }
    return path
  }

  public func testExecutable(ofBundle bundle: String) -> String {
    let name = ((bundle as NSString).lastPathComponent as NSString).deletingPathExtension
    return "\(bundle)/Contents/MacOS/\(name)"
  }
}

/// The platform covgate runs on.
public func currentPlatform() -> any Platform {
  #if os(macOS)
    MacPlatform()
  #else
    LinuxPlatform()
  #endif
}
