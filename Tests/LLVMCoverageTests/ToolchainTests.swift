import XCTest

@testable import LLVMCoverage

final class ToolchainTests: XCTestCase {
  func testLinuxFindsTheToolsBesideTheRealSwiftNotOnPath() throws {
    // /usr/bin holds Debian's older llvm-cov; swift links into the toolchain folder.
    let files: Set<String> = [
      "/usr/bin/swift", "/usr/bin/llvm-cov", "/opt/swift/usr/bin/llvm-cov",
      "/opt/swift/usr/bin/llvm-profdata",
    ]
    let platform = LinuxPlatform(
      environment: ["PATH": "/usr/local/bin:/usr/bin"], fileExists: { files.contains($0) },
      resolveLinks: { $0 == "/usr/bin/swift" ? "/opt/swift/usr/bin/swift-driver" : $0 })
    XCTAssertEqual(
      try platform.locateToolchain(),
      Toolchain(
        swift: "/usr/bin/swift", llvmCov: "/opt/swift/usr/bin/llvm-cov",
        llvmProfdata: "/opt/swift/usr/bin/llvm-profdata"))
  }

  func testLinuxNamesTheMissingToolAndTheSwiftItLookedBeside() {
    let platform = LinuxPlatform(
      environment: ["PATH": "/opt/swift/usr/bin"],
      fileExists: { ["/opt/swift/usr/bin/swift", "/opt/swift/usr/bin/llvm-cov"].contains($0) },
      resolveLinks: { $0 })
    XCTAssertThrowsError(try platform.locateToolchain()) { error in
      XCTAssertEqual(
        error as? ToolchainError,
        .toolMissing(tool: "llvm-profdata", swift: "/opt/swift/usr/bin/swift"))
    }
  }

  func testLinuxWithoutSwiftSaysSo() {
    let platform = LinuxPlatform(environment: ["PATH": "/nowhere"], fileExists: { _ in false }, resolveLinks: { $0 })
    XCTAssertThrowsError(try platform.locateToolchain()) { error in
      XCTAssertEqual(error as? ToolchainError, .swiftNotFound)
    }
  }

  func testLinuxHonoursAnExplicitSwift() throws {
    let platform = LinuxPlatform(
      environment: ["PATH": "/usr/bin", "COVGATE_SWIFT": "/tc/bin/swift"],
      fileExists: { $0.hasPrefix("/tc/bin/") }, resolveLinks: { $0 })
    XCTAssertEqual(try platform.locateToolchain().llvmCov, "/tc/bin/llvm-cov")
  }

  func testLinuxTestBinaryIsTheXCTestFileItself() {
    XCTAssertEqual(
      LinuxPlatform().testExecutable(ofBundle: "/p/.build/debug/PkgPackageTests.xctest"),
      "/p/.build/debug/PkgPackageTests.xctest")
  }

  func testMacUsesXcrunAndTheBinaryInsideTheBundle() throws {
    let xcode = "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin"
    let runner = RecordedRunner(captures: [
      "/usr/bin/xcrun --find swift": CommandResult(exitCode: 0, stdout: "\(xcode)/swift\n"),
      "/usr/bin/xcrun --find llvm-cov": CommandResult(exitCode: 0, stdout: "\(xcode)/llvm-cov\n"),
      "/usr/bin/xcrun --find llvm-profdata": CommandResult(exitCode: 0, stdout: "\(xcode)/llvm-profdata\n"),
    ])
    let platform = MacPlatform(runner: runner)
    XCTAssertEqual(
      try platform.locateToolchain(),
      Toolchain(swift: "\(xcode)/swift", llvmCov: "\(xcode)/llvm-cov", llvmProfdata: "\(xcode)/llvm-profdata"))
    XCTAssertEqual(
      platform.testExecutable(ofBundle: "/p/.build/debug/PkgPackageTests.xctest"),
      "/p/.build/debug/PkgPackageTests.xctest/Contents/MacOS/PkgPackageTests")
  }

  func testMacReportsAMissingTool() {
    let runner = RecordedRunner(captures: [
      "/usr/bin/xcrun --find swift": CommandResult(exitCode: 0, stdout: "/x/swift\n"),
      "/usr/bin/xcrun --find llvm-cov": CommandResult(
        exitCode: 72, stderr: "xcrun: error: unable to find utility \"llvm-cov\", not a developer tool or in PATH\n"),
    ])
    XCTAssertThrowsError(try MacPlatform(runner: runner).locateToolchain()) { error in
      XCTAssertEqual(error as? ToolchainError, .toolMissing(tool: "llvm-cov", swift: "xcrun's active toolchain"))
    }
  }
}

final class DemanglerTests: XCTestCase {
  /// The toolchain's own swift-demangle, fed through its standard input.
  func testDemanglesWithTheToolchainsSwiftDemangle() throws {
    let swift = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    let folder = try XCTUnwrap(swift.map { (URL(fileURLWithPath: $0).resolvingSymlinksInPath().path as NSString).deletingLastPathComponent })
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "\(folder)/swift-demangle"))
    let names = Demangler(toolchainFolder: folder).demangle([
      "$s4Yams4MarkV11descriptionSSvg", "Sources/Yams/Mark.swift:$s4Yams4MarkV7snippet4fromS2S_tF", "not_mangled",
    ])
    XCTAssertEqual(names["$s4Yams4MarkV11descriptionSSvg"], "Mark.description.getter")
    XCTAssertEqual(names["Sources/Yams/Mark.swift:$s4Yams4MarkV7snippet4fromS2S_tF"], "Mark.snippet(from:)")
    XCTAssertEqual(names["not_mangled"], "not_mangled")
  }

  /// The symbol handed to swift-demangle: after the file prefix of a private function.
  func testTheSymbolFollowsTheLastFilePrefix() {
    XCTAssertEqual(Demangler.symbol(of: "$s4Yams4MarkV"), "$s4Yams4MarkV")
    XCTAssertEqual(Demangler.symbol(of: "Sources/Yams/Mark.swift:$s4Yams4MarkV"), "$s4Yams4MarkV")
    XCTAssertEqual(Demangler.symbol(of: "Sources/é:x/Mark.swift:$s4Yams4MarkV"), "$s4Yams4MarkV")
    XCTAssertEqual(Demangler.symbol(of: "a.swift:_$s4Yams4MarkV"), "_$s4Yams4MarkV")
    XCTAssertEqual(Demangler.symbol(of: "a:$s1:_$s2"), "$s1:_$s2", "':$s' wins over a later ':_$s'")
    XCTAssertEqual(Demangler.symbol(of: ":$"), ":$")
    XCTAssertEqual(Demangler.symbol(of: ""), "")
  }
}
