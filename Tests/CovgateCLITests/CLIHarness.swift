import Foundation
import XCTest

/// Runs the built `covgate` executable and the toolchain's llvm tools for end-to-end tests.
enum CLIHarness {
  struct Result {
    var exitCode: Int32
    var stdout: String
    var stderr: String
  }

  /// The folder holding the built products (`covgate` among them).
  static var productsFolder: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
      fatalError("no .xctest bundle")
    #else
      return Bundle.main.bundleURL
    #endif
  }

  static var covgate: String { productsFolder.appendingPathComponent("covgate").path }

  /// The real Yams export kept with the LLVMCoverage tests: an export of other code.
  static var yamsExport: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../LLVMCoverageTests/Fixtures/yams/swiftpm-export.json").standardized
      .path
  }

  /// The toolchain folder of the `swift` on PATH (where llvm-cov lives).
  static var toolchainBin: String {
    let swift =
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
      ?? "/usr/bin/swift"
    return (URL(fileURLWithPath: swift).resolvingSymlinksInPath().path as NSString)
      .deletingLastPathComponent
  }

  /// The cache folder every covgate the tests start uses (`XDG_CACHE_HOME`).
  static let cacheHome = NSTemporaryDirectory() + "covgate-tests-cache-\(getpid())"

  /// The package description covgate cached for the package at `root` (the shape
  /// `--package-description` takes).
  static func describeCache(root: String) throws -> String {
    let folder = "\(cacheHome)/covgate"
    let resolved = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
    for package in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      let files =
        (try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(package)")) ?? []
      for file in files where file.hasPrefix("package-") {
        let path = "\(folder)/\(package)/\(file)"
        let json = try JSONSerialization.jsonObject(
          with: Data(contentsOf: URL(fileURLWithPath: path)))
        let cachedRoot = (json as? [String: Any])?["root"] as? String
        if cachedRoot.map({ URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }) == resolved {
          return path
        }
      }
    }
    throw CocoaError(
      .fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(folder)/*/package-*.json for \(root)"])
  }

  @discardableResult
  static func run(
    _ executable: String, _ arguments: [String], in directory: String? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var env = ProcessInfo.processInfo.environment
    // When the tests themselves run on GitHub Actions, covgate must not annotate that run or
    // append to its job summary unless a test asks for it.
    for name in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] { env[name] = nil }
    // covgate's caches in a folder of the tests' own, where `describeCache` finds them.
    env["XDG_CACHE_HOME"] = cacheHome
    env.merge(environment) { $1 }
    process.environment = env
    let outFile = NSTemporaryDirectory() + "covgate-out-\(UUID().uuidString)"
    let errFile = outFile + ".err"
    _ = FileManager.default.createFile(atPath: outFile, contents: nil)
    _ = FileManager.default.createFile(atPath: errFile, contents: nil)
    defer {
      try? FileManager.default.removeItem(atPath: outFile)
      try? FileManager.default.removeItem(atPath: errFile)
    }
    process.standardOutput = FileHandle(forWritingAtPath: outFile)
    process.standardError = FileHandle(forWritingAtPath: errFile)
    try process.run()
    process.waitUntilExit()
    return Result(
      exitCode: process.terminationStatus,
      stdout: (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? "")
  }

  /// Runs a tool that must succeed (a test's set-up: a compiler, a program, llvm-profdata) and
  /// returns what it printed; a failure fails the test with the tool's stderr.
  @discardableResult
  static func succeed(
    _ tool: String, _ arguments: [String], in directory: String,
    environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    let result = try run(tool, arguments, in: directory, environment: environment)
    XCTAssertEqual(result.exitCode, 0, "\(tool): \(result.stderr)", file: file, line: line)
    return result.stdout
  }

  /// The TOTAL row of `llvm-cov report` restricted to the package's own sources.
  static func llvmCovTotal(
    profile: String, binary: String, ignoring regex: String = "\\.build|Tests"
  ) throws
    -> [String: (count: Int, missed: Int)]
  {
    let result = try run(
      "\(toolchainBin)/llvm-cov",
      ["report", "-instr-profile=\(profile)", binary, "-ignore-filename-regex=\(regex)"])
    guard result.exitCode == 0 else {
      throw NSError(domain: result.stderr, code: Int(result.exitCode))
    }
    let total = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("TOTAL") })
    let fields = total.split(separator: " ").map(String.init)
    return [
      "regions": (Int(fields[1])!, Int(fields[2])!),
      "functions": (Int(fields[4])!, Int(fields[5])!),
      "lines": (Int(fields[7])!, Int(fields[8])!),
    ]
  }
}

/// Fresh copies of the Sample fixture package, one per test class (each builds it once).
enum SampleCopy {
  /// Copies the fixture (`Fixtures/<fixture>`) into a new temporary folder; returns the
  /// package path.
  static func make(_ label: String, fixture: String = "Sample") -> String {
    let source = Bundle.module.url(forResource: "Fixtures/\(fixture)", withExtension: nil)!.path
    let package = NSTemporaryDirectory() + "covgate-\(label)-\(UUID().uuidString)/\(fixture)"
    try! FileManager.default.createDirectory(
      atPath: (package as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try! FileManager.default.copyItem(atPath: source, toPath: package)
    // A build folder left in the fixture by hand must not leak into the copy.
    try? FileManager.default.removeItem(atPath: "\(package)/.build")
    return package
  }

  /// Removes a copy made by `make`.
  static func remove(_ package: String) {
    try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent)
  }
}
