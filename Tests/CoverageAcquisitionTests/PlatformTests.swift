import CoverageModel
import Foundation
import XCTest

@testable import CoverageAcquisition

/// Each side of `Platform` on the output its tools give. The macOS side runs on recorded
/// output in the shapes SwiftPM's sources and Apple's tools document (no Mac runs here; the
/// macOS workflow runs the real thing).
final class PlatformTests: XCTestCase {
  private let xcode = "/Applications/Xcode.app/Contents/Developer"
  private var toolchainBin: String { "\(xcode)/Toolchains/XcodeDefault.xctoolchain/usr/bin" }
  private var platformFolder: String { "\(xcode)/Platforms/MacOSX.platform" }

  private func macPlatform() -> (MacPlatform, RecordedRunner) {
    let runner = RecordedRunner(captures: [
      "/usr/bin/xcrun --sdk macosx --find xctest": CommandResult(
        exitCode: 0, stdout: "\(xcode)/usr/bin/xctest\n"),
      "/usr/bin/xcrun --find swift": CommandResult(exitCode: 0, stdout: "\(toolchainBin)/swift\n"),
      "/usr/bin/xcrun --sdk macosx --show-sdk-platform-path": CommandResult(
        exitCode: 0, stdout: "\(platformFolder)\n"),
    ])
    return (MacPlatform(runner: runner), runner)
  }

  private let binary =
    "/p/.build/arm64-apple-macosx/debug/PkgPackageTests.xctest/Contents/MacOS/PkgPackageTests"
  private let bundle = "/p/.build/arm64-apple-macosx/debug/PkgPackageTests.xctest"

  func testLinuxRunsTheProductItself() throws {
    let linux = LinuxPlatform()
    let xctest = TestCase(id: "PkgTests.T/testA", library: .xctest, binary: "/b/P.xctest")
    XCTAssertEqual(
      try linux.command(running: xctest),
      TestCommand(executable: "/b/P.xctest", arguments: ["PkgTests.T/testA"]))
    let swiftTesting = TestCase(
      id: "PkgTests.tax(rate:)", library: .swiftTesting, binary: "/b/P.xctest")
    XCTAssertEqual(
      try linux.command(running: swiftTesting),
      TestCommand(
        executable: "/b/P.xctest",
        arguments: ["--testing-library", "swift-testing", "--filter", #"^PkgTests\.tax\(rate:\)"#]))
    XCTAssertEqual(
      try linux.listing(of: "/b/P.xctest", library: .swiftTesting, scratch: "/s"),
      TestListingCommand(
        command: TestCommand(
          executable: "/b/P.xctest",
          arguments: ["--testing-library", "swift-testing", "--list-tests"]), output: .lines))
    XCTAssertNil(linux.testServersUnavailable)
    XCTAssertEqual(linux.demanglerLibraryName, "libswiftDemangle.so")
  }

  /// XCTest through Xcode's `xctest` with the bundle (not its binary, which cannot run), the
  /// platform's testing frameworks on the loader's paths, as `swift test` starts it.
  func testMacRunsXCTestThroughXctestWithTheBundle() throws {
    let (mac, runner) = macPlatform()
    let test = TestCase(id: "PkgTests.T/testA", library: .xctest, binary: binary)
    let command = try mac.command(running: test)
    XCTAssertEqual(command.executable, "\(xcode)/usr/bin/xctest")
    XCTAssertEqual(command.arguments, ["-XCTest", "PkgTests.T/testA", bundle])
    XCTAssertEqual(
      command.environment["DYLD_FRAMEWORK_PATH"],
      "\(platformFolder)/Developer/Library/Frameworks:\(platformFolder)/Developer/Library/PrivateFrameworks"
    )
    XCTAssertEqual(command.environment["DYLD_LIBRARY_PATH"], "\(platformFolder)/Developer/usr/lib")
    XCTAssertEqual(command.environment["SWIFT_TESTING_ENABLED"], "0")
    // The tools are found once, not per test.
    _ = try mac.command(running: test)
    XCTAssertEqual(runner.commands.filter { $0.contains("--find xctest") }.count, 1)
  }

  /// Swift Testing through the toolchain's `swiftpm-testing-helper`, which loads the bundle's
  /// binary and calls its entry point with these arguments.
  func testMacRunsSwiftTestingThroughTheTestingHelper() throws {
    let (mac, _) = macPlatform()
    let test = TestCase(id: "PkgTests.tax()", library: .swiftTesting, binary: binary)
    XCTAssertEqual(
      try mac.command(running: test),
      TestCommand(
        executable:
          "\(xcode)/Toolchains/XcodeDefault.xctoolchain/usr/libexec/swift/pm/swiftpm-testing-helper",
        arguments: [
          "--test-bundle-path", binary, "--filter", #"^PkgTests\.tax\(\)"#, binary,
          "--testing-library", "swift-testing",
        ]))
  }

  /// `swiftpm-xctest-helper BUNDLE OUTPUT` writes its JSON to OUTPUT; the listing reads the
  /// file and removes it.
  func testMacListsXCTestThroughTheHelpersJSON() throws {
    let (mac, _) = macPlatform()
    let scratch = NSTemporaryDirectory() + "covgate-platform-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let listing = try mac.listing(of: binary, library: .xctest, scratch: scratch)
    guard case .xctestHelperJSON(let output) = listing.output else {
      return XCTFail("XCTest is listed through the helper's JSON: \(listing.output)")
    }
    XCTAssertEqual(
      listing.command.executable,
      "\(xcode)/Toolchains/XcodeDefault.xctoolchain/usr/libexec/swift/pm/swiftpm-xctest-helper")
    XCTAssertEqual(listing.command.arguments, [bundle, output])
    let json = #"""
      {"name":"All Tests","tests":[{"name":"PkgPackageTests.xctest","tests":[
        {"name":"PkgTests.TaxTests","tests":[{"name":"testRate"},{"name":"testZero"}]},
        {"name":"PkgTests.EmptyTests","tests":[]}]}]}
      """#
    try json.write(toFile: output, atomically: true, encoding: .utf8)
    let (listingPlatform, _) = macPlatform()
    let tests = try TestListing(
      runner: RecordedRunner(captures: [
        "\(xcode)/Toolchains/XcodeDefault.xctoolchain/usr/libexec/swift/pm/swiftpm-xctest-helper":
          CommandResult(exitCode: 0)
      ]), platform: listingPlatform
    ).tests(in: binary, library: .xctest, directory: scratch)
    XCTAssertEqual(tests.map(\.id), ["PkgTests.TaxTests/testRate", "PkgTests.TaxTests/testZero"])
    XCTAssertEqual(tests.map(\.binary), [binary, binary])
    XCTAssertFalse(FileManager.default.fileExists(atPath: output), "the list file is removed")
  }

  func testAHelperListingOfAnotherShapeIsAnError() {
    XCTAssertThrowsError(try XCTestHelperListing.ids(in: Data(#"{"tests":[]}"#.utf8)))
    XCTAssertThrowsError(try XCTestHelperListing.ids(in: Data("[".utf8)))
  }

  func testMacWithoutTheSDKsXctestSaysWhichToolIsMissing() {
    let runner = RecordedRunner(captures: [
      "/usr/bin/xcrun --sdk macosx --find xctest": CommandResult(
        exitCode: 72, stderr: "xcrun: error: unable to find utility \"xctest\"\n")
    ])
    let test = TestCase(id: "T.A/testB", library: .xctest, binary: binary)
    XCTAssertThrowsError(try MacPlatform(runner: runner).command(running: test)) { error in
      XCTAssertEqual(
        error as? ToolchainError, .toolMissing(tool: "xctest", swift: "xcrun's active toolchain"))
    }
  }

  func testMacWithoutSwiftSaysSo() {
    let runner = RecordedRunner(captures: [
      "/usr/bin/xcrun --find swift": CommandResult(
        exitCode: 72, stderr: "xcrun: error: unable to find utility \"swift\"\n")
    ])
    XCTAssertThrowsError(try MacPlatform(runner: runner).locateSwift()) { error in
      XCTAssertEqual(error as? ToolchainError, .swiftNotFound)
    }
  }

  /// macOS has no test servers: the per-test run says so once and starts each test afresh.
  func testMacHasNoTestServersAndSaysWhy() throws {
    let (mac, _) = macPlatform()
    let reason = try XCTUnwrap(mac.testServersUnavailable)
    XCTAssertTrue(reason.contains("LD_PRELOAD"), reason)
    XCTAssertEqual(mac.demanglerLibraryName, "libswiftDemangle.dylib")
    let runner = TestRunner(
      toolchain: Toolchain(swift: "/s", llvmCov: "/c", llvmProfdata: "/p"), platform: mac,
      runner: RecordedRunner(captures: [:]))
    let launcher = runner.testProcesses(binPath: "/b", fresh: false)
    XCTAssertTrue(launcher is LiveTestProcesses, "\(type(of: launcher))")
    XCTAssertEqual(launcher.finish(), ["covgate: note: \(reason)"])
  }

  /// BSD `ps -A -o pid=,ppid=,pgid=,stat=` pads its columns with spaces.
  func testThePsTableIsReadAsMacOSPrintsIt() {
    let output = """
          1     0     1 Ss
        512     1   512 S
       4021   512  4021 R+
       4022  4021  4021 Z
      """
    let entries = ProcessTree.parse(ps: output)
    XCTAssertEqual(entries.map(\.pid), [1, 512, 4021, 4022])
    XCTAssertEqual(entries[3].parent, 4021)
    XCTAssertEqual(entries[3].group, 4021)
    XCTAssertTrue(entries[3].hasExited)
    XCTAssertFalse(entries[2].hasExited)
  }

  func testCachesGoWhereEachPlatformKeepsThem() {
    let home = ["HOME": "/Users/ana"]
    XCTAssertEqual(MacPlatform().cacheBase(environment: home), "/Users/ana/Library/Caches")
    XCTAssertEqual(LinuxPlatform().cacheBase(environment: home), "/Users/ana/.cache")
    let xdg = ["HOME": "/Users/ana", "XDG_CACHE_HOME": "/c"]
    XCTAssertEqual(MacPlatform().cacheBase(environment: xdg), "/c")
    XCTAssertEqual(LinuxPlatform().cacheBase(environment: xdg), "/c")
    XCTAssertNil(LinuxPlatform().cacheBase(environment: ["HOME": "relative"]))
  }

  /// The running test binary, found by each side's mechanism, is the same real file.
  func testTheExecutableIsFoundWithItsLinksResolved() throws {
    let linux = try XCTUnwrap(LinuxPlatform().executablePath())
    let mac = try XCTUnwrap(MacPlatform().executablePath())
    XCTAssertEqual(linux, mac)
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: linux), linux)
  }
}
