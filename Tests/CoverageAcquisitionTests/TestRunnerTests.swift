import XCTest

@testable import CoverageAcquisition

final class TestRunnerTests: XCTestCase {
  private let toolchain = Toolchain(
    swift: "swift", llvmCov: "llvm-cov", llvmProfdata: "llvm-profdata")
  private var bin = ""

  override func setUpWithError() throws {
    bin = NSTemporaryDirectory() + "covgate-runner-\(UUID().uuidString)/debug"
    try FileManager.default.createDirectory(
      atPath: "\(bin)/codecov", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: "\(bin)/PkgPackageTests.xctest", contents: Data())
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: (bin as NSString).deletingLastPathComponent)
  }

  private func runner(
    testExit: Int32, timedOut: Bool = false, writeProfile: Bool = true,
    export: CommandResult = CommandResult(exitCode: 0, stdout: "{}"),
    writeSwiftPMExport: Bool = false
  ) -> RecordedRunner {
    let bin = self.bin
    return RecordedRunner(
      captures: [
        "swift build --show-bin-path": CommandResult(exitCode: 0, stdout: bin + "\n"),
        "llvm-profdata merge -sparse": CommandResult(exitCode: 0),
        "llvm-cov export": export,
        // Only XCTest tests: a red run's missing Swift Testing profile loses nothing.
        "\(bin)/PkgPackageTests.xctest --testing-library swift-testing --list-tests": CommandResult(
          exitCode: 0),
      ], streamExitCode: testExit, streamTimedOut: timedOut,
      onStream: {
        if writeProfile {
          _ = FileManager.default.createFile(
            atPath: "\(bin)/codecov/XCTest1.1.profraw", contents: Data([1]))
        }
        if writeSwiftPMExport {
          _ = FileManager.default.createFile(
            atPath: "\(bin)/codecov/Pkg.json", contents: Data("{}".utf8))
        }
      })
  }

  /// The test executable the runs here leave in the build folder.
  private var testBinary: String { "\(bin)/PkgPackageTests.xctest" }

  func testReusesSwiftPMsExportWhenTheTestsPassed() throws {
    let runner = runner(testExit: 0, writeSwiftPMExport: true)
    let result = try TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner)
      .run(root: "/p", packageName: "Pkg", arguments: ["--filter", "X"])
    XCTAssertEqual(
      result,
      Acquisition(exportPath: "\(bin)/codecov/Pkg.json", testExitCode: 0, binaries: [testBinary]))
    XCTAssertEqual(
      runner.commands,
      ["swift build --show-bin-path", "swift test --enable-code-coverage --filter X"])
  }

  func testMergesAndExportsItselfWhenATestFailed() throws {
    let runner = runner(testExit: 1)
    let result = try TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner)
      .run(root: "/p", packageName: "Pkg", arguments: [])
    XCTAssertEqual(
      result,
      Acquisition(
        exportPath: "\(bin)/codecov/covgate-export.json", testExitCode: 1, binaries: [testBinary]))
    XCTAssertEqual(runner.commands.count, 6)
    // The profile is checked, the library without one is listed (no Swift Testing tests here).
    XCTAssertEqual(
      runner.commands[2],
      "llvm-profdata merge -sparse --failure-mode=all \(bin)/codecov/XCTest1.1.profraw -o \(bin)/codecov/covgate-check.profdata"
    )
    XCTAssertEqual(
      runner.commands[3],
      "\(bin)/PkgPackageTests.xctest --testing-library swift-testing --list-tests")
    XCTAssertEqual(
      runner.commands[4],
      "llvm-profdata merge -sparse \(bin)/codecov/XCTest1.1.profraw -o \(bin)/codecov/covgate.profdata"
    )
    XCTAssertEqual(
      runner.commands[5],
      "llvm-cov export -instr-profile=\(bin)/codecov/covgate.profdata \(bin)/PkgPackageTests.xctest"
    )
    XCTAssertEqual(try String(contentsOfFile: result.exportPath, encoding: .utf8), "{}")
  }

  func testPassesBuildLocationFlagsToShowBinPath() throws {
    let runner = runner(testExit: 1)
    _ = try TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner)
      .run(
        root: "/p", packageName: "Pkg",
        arguments: ["-c", "release", "--parallel", "--scratch-path", "/s"])
    XCTAssertEqual(runner.commands[0], "swift build --show-bin-path -c release --scratch-path /s")
  }

  /// `.build/debug` is the bin folder unless a flag moves the build: compiler flags (covgate's
  /// atomic counters) do not, so SwiftPM is not asked.
  func testCompilerFlagsKeepTheDefaultBinFolderWithoutAskingSwiftPM() throws {
    let root = (bin as NSString).deletingLastPathComponent + "/package"
    try FileManager.default.createDirectory(
      atPath: "\(root)/.build", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: "\(root)/.build/debug", withDestinationPath: bin)
    let runner = runner(testExit: 0)
    let testRunner = TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner)
    let atomic = ["-Xswiftc", "-Xllvm", "-Xswiftc", "-instrprof-atomic-counter-update-all"]
    XCTAssertEqual(try testRunner.binPath(root: root, arguments: atomic + ["--parallel"]), bin)
    XCTAssertEqual(runner.commands, [])
    // A flag's value that looks like a moving flag moves nothing.
    XCTAssertEqual(try testRunner.binPath(root: root, arguments: ["-Xswiftc", "-c"]), bin)
    XCTAssertEqual(runner.commands, [])
    XCTAssertEqual(try testRunner.binPath(root: root, arguments: atomic + ["-c", "release"]), bin)
    XCTAssertEqual(
      runner.commands,
      [
        "swift build --show-bin-path -Xswiftc -Xllvm -Xswiftc -instrprof-atomic-counter-update-all -c release"
      ])
  }

  func testAStaleProfileIsAnError() {
    let stale = CommandResult(
      exitCode: 0, stdout: "{}",
      stderr:
        "warning: \(bin)/PkgPackageTests.xctest: profile data may be out of date - object is newer\n"
    )
    XCTAssertThrowsError(
      try TestRunner(
        toolchain: toolchain, platform: LinuxPlatform(), runner: runner(testExit: 1, export: stale)
      )
      .run(root: "/p", packageName: "Pkg", arguments: [])
    ) { error in
      XCTAssertEqual(
        error as? ToolchainError, .staleProfile(binary: "\(bin)/PkgPackageTests.xctest"))
    }
  }

  func testAProfileFromAnotherLLVMNamesBothTools() {
    let mismatch = CommandResult(
      exitCode: 1,
      stderr: "error: Failed to load coverage: unsupported instrumentation profile format version\n"
    )
    XCTAssertThrowsError(
      try TestRunner(
        toolchain: toolchain, platform: LinuxPlatform(),
        runner: runner(testExit: 1, export: mismatch)
      )
      .run(root: "/p", packageName: "Pkg", arguments: [])
    ) { error in
      XCTAssertEqual(
        error as? ToolchainError, .profileVersionMismatch(tool: "llvm-cov", swift: "swift"))
    }
  }

  func testABuildFailureWithoutProfilesSaysTheTestsFailed() {
    let bin = self.bin
    let runner = RecordedRunner(
      captures: ["swift build --show-bin-path": CommandResult(exitCode: 0, stdout: bin + "\n")],
      streamExitCode: 1)
    XCTAssertThrowsError(
      try TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner)
        .run(root: "/p", packageName: "Pkg", arguments: [])
    ) { error in
      XCTAssertEqual(error as? TestRunFailure, TestRunFailure(exitCode: 1))
    }
  }

  func testExportsABuildFolderWithoutRunningSwift() throws {
    _ = FileManager.default.createFile(
      atPath: "\(bin)/codecov/XCTest1.1.profraw", contents: Data([1]))
    let runner = runner(testExit: 0)
    let built = try TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner)
      .exportBuild(binPath: bin)
    XCTAssertEqual(
      built,
      BuildExport(
        path: "\(bin)/codecov/covgate-export.json", binaries: ["\(bin)/PkgPackageTests.xctest"]))
    XCTAssertEqual(
      runner.commands,
      [
        "llvm-profdata merge -sparse \(bin)/codecov/XCTest1.1.profraw -o \(bin)/codecov/covgate.profdata",
        "llvm-cov export -instr-profile=\(bin)/codecov/covgate.profdata \(bin)/PkgPackageTests.xctest",
      ])
  }

  /// `swift test` stopped at the time limit: the profiles of the test processes that finished
  /// are merged and exported (SwiftPM's export is never reused), and the timeout is reported.
  func testATimeoutStillMergesAndExportsTheProfilesThatExist() throws {
    let runner = runner(testExit: 143, timedOut: true, writeSwiftPMExport: true)
    let result = try TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner)
      .run(root: "/p", packageName: "Pkg", arguments: [], timeout: 5)
    XCTAssertEqual(
      result,
      Acquisition(
        exportPath: "\(bin)/codecov/covgate-export.json", testExitCode: 143,
        timeout: TestTimeout(seconds: 5), binaries: [testBinary]))
    XCTAssertEqual(runner.timeouts, [5])
    XCTAssertEqual(runner.commands.count, 4, "\(runner.commands)")
    XCTAssertTrue(runner.commands[2].hasPrefix("llvm-profdata merge -sparse"), runner.commands[2])
    XCTAssertTrue(runner.commands[3].hasPrefix("llvm-cov export"), runner.commands[3])
  }

  func testATimeoutBeforeAnyCoverageIsATestTimeout() {
    let runner = runner(testExit: 143, timedOut: true, writeProfile: false)
    XCTAssertThrowsError(
      try TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner)
        .run(root: "/p", packageName: "Pkg", arguments: [], timeout: 5)
    ) { error in
      XCTAssertEqual(error as? TestTimeout, TestTimeout(seconds: 5))
      XCTAssertTrue("\(error)".hasPrefix("the tests timed out after 5 s"), "\(error)")
      XCTAssertFalse("\(error)".contains("\n"))
    }
    XCTAssertEqual(runner.commands.count, 2, "nothing to merge: \(runner.commands)")
  }

  func testWithoutATimeoutNoneIsPassedOn() throws {
    let runner = runner(testExit: 0, writeSwiftPMExport: true)
    _ = try TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner)
      .run(root: "/p", packageName: "Pkg", arguments: [])
    XCTAssertEqual(runner.timeouts, [nil])
  }

  /// A test binary rebuilt after the tests ran: llvm-cov would drop the changed functions
  /// without a word (its own check sees only the freshly merged profile), so covgate refuses.
  func testATestBinaryNewerThanAProfileIsStale() throws {
    let profile = "\(bin)/codecov/XCTest1.1.profraw"
    _ = FileManager.default.createFile(atPath: profile, contents: Data([1]))
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: profile)
    let runner = runner(testExit: 0)
    XCTAssertThrowsError(
      try TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner)
        .exportBuild(binPath: bin)
    ) { error in
      XCTAssertEqual(
        error as? ToolchainError, .staleProfile(binary: "\(bin)/PkgPackageTests.xctest"))
    }
    XCTAssertEqual(runner.commands, [], "nothing is merged from stale profiles")
  }

  func testABuildFolderWithoutProfilesIsAnError() {
    XCTAssertThrowsError(
      try TestRunner(toolchain: toolchain, platform: LinuxPlatform(), runner: runner(testExit: 0))
        .exportBuild(binPath: bin)
    ) { error in
      XCTAssertEqual(error as? ToolchainError, .noProfiles(directory: "\(bin)/codecov"))
    }
  }

  /// A red run whose XCTest process crashed: only Swift Testing's profile is there.
  private func crashedRun(xctestListing: String) -> RecordedRunner {
    let bin = self.bin
    return RecordedRunner(
      captures: [
        "swift build --show-bin-path": CommandResult(exitCode: 0, stdout: bin + "\n"),
        "llvm-profdata merge -sparse": CommandResult(exitCode: 0),
        "llvm-cov export": CommandResult(exitCode: 0, stdout: "{}"),
        "\(bin)/PkgPackageTests.xctest --list-tests": CommandResult(
          exitCode: 0, stdout: xctestListing),
      ], streamExitCode: 1,
      onStream: {
        _ = FileManager.default.createFile(
          atPath: "\(bin)/codecov/Swift Testing1_0.7.profraw", contents: Data([1]))
      })
  }

  func testACrashedTestProcessIsRunAgainOneTestPerProcess() throws {
    let runner = crashedRun(
      xctestListing: "Listing 2 tests in debug.xctest:\n\nT.A/testOk\nT.A/testCrash\n")
    let processes = FakeTestProcesses(endings: [
      "T.A/testCrash": StreamResult(exitCode: 132, signal: 4)
    ])
    let result = try TestRunner(
      toolchain: toolchain, platform: LinuxPlatform(), runner: runner, launcher: processes
    )
    .run(root: "/p", packageName: "Pkg", arguments: [])
    XCTAssertEqual(result.testExitCode, 1)
    XCTAssertEqual(result.recovered, ["XCTest in PkgPackageTests.xctest"])
    XCTAssertEqual(result.results.map(\.id), ["T.A/testOk", "T.A/testCrash"])
    XCTAssertEqual(result.results.map(\.status), [.passed, .crashed])
    XCTAssertEqual(result.results.last?.signal, 4)
    // Swift Testing's profile and the one test that ran alone are merged; the crash lost only its own.
    let merge = try XCTUnwrap(runner.commands.first { $0.hasSuffix("covgate.profdata") })
    XCTAssertTrue(merge.contains("\(bin)/codecov/Swift Testing1_0.7.profraw"), merge)
    XCTAssertTrue(merge.contains("\(bin)/codecov/covgate-recovered-xctest/0.4242.profraw"), merge)
    XCTAssertFalse(merge.contains("/1.4242.profraw"), merge)
  }

  func testWhenNoCoverageCanBeRecoveredTheErrorNamesTheBinary() {
    let runner = crashedRun(xctestListing: "T.A/testCrash\n")
    let processes = FakeTestProcesses(endings: [
      "T.A/testCrash": StreamResult(exitCode: 132, signal: 4)
    ])
    XCTAssertThrowsError(
      try TestRunner(
        toolchain: toolchain, platform: LinuxPlatform(), runner: runner, launcher: processes
      )
      .run(root: "/p", packageName: "Pkg", arguments: [])
    ) { error in
      XCTAssertEqual(
        error as? CoverageLost,
        CoverageLost(
          binary: "\(bin)/PkgPackageTests.xctest", library: "XCTest", crashed: ["T.A/testCrash"]))
      XCTAssertTrue("\(error)".contains("covgate reports no 0% for lost data"), "\(error)")
    }
  }

  /// Both libraries wrote a profile, but XCTest's is damaged: its tests run again one per process.
  func testADamagedProfileIsRunAgainOneTestPerProcess() throws {
    let bin = self.bin
    let runner = RecordedRunner(
      captures: [
        "swift build --show-bin-path": CommandResult(exitCode: 0, stdout: bin + "\n"),
        "llvm-profdata merge -sparse": CommandResult(exitCode: 0),
        "llvm-profdata merge -sparse --failure-mode=all": CommandResult(
          exitCode: 0,
          stderr:
            "warning: \(bin)/codecov/XCTest1_0.8.profraw: invalid instrumentation profile data (file header is corrupt)\n"
        ),
        "llvm-cov export": CommandResult(exitCode: 0, stdout: "{}"),
        "\(bin)/PkgPackageTests.xctest --list-tests": CommandResult(
          exitCode: 0, stdout: "T.A/testOk\n"),
      ], streamExitCode: 1,
      onStream: {
        for name in ["Swift Testing1_0.7.profraw", "XCTest1_0.8.profraw"] {
          _ = FileManager.default.createFile(atPath: "\(bin)/codecov/\(name)", contents: Data([1]))
        }
      })
    let result = try TestRunner(
      toolchain: toolchain, platform: LinuxPlatform(), runner: runner, launcher: FakeTestProcesses()
    )
    .run(root: "/p", packageName: "Pkg", arguments: [])
    XCTAssertEqual(result.recovered, ["XCTest in PkgPackageTests.xctest"])
    let merge = try XCTUnwrap(runner.commands.first { $0.hasSuffix("covgate.profdata") })
    XCTAssertFalse(merge.contains("XCTest1_0.8.profraw"), merge)
    XCTAssertTrue(merge.contains("covgate-recovered-xctest/0.4242.profraw"), merge)
  }
}
