import Foundation
import XCTest

@testable import CoverageAcquisition

/// Test servers for real: the hook compiled with the toolchain's clang, preloaded into a small
/// Swift program built with coverage, each "test" a child the server forks.
final class TestServerTests: XCTestCase {
  nonisolated(unsafe) private static var folder = ""
  nonisolated(unsafe) private static var program = ""
  nonisolated(unsafe) private static var hook = ""

  /// The toolchain folder, as covgate finds it (its clang builds the hook in per-test runs).
  private static var toolchainBin: String {
    let llvmCov = (try? LinuxPlatform().locateToolchain().llvmCov) ?? "/usr/bin/llvm-cov"
    return (llvmCov as NSString).deletingLastPathComponent
  }

  /// What the program does is said by its first argument: `exit N`, `crash`, `hang`,
  /// `kill-server` (still running when its server dies, and gone two seconds later: an orphan
  /// must not outlive the test run); it prints its arguments and `COVGATE_TEST_VARIABLE`.
  private static let programSource = """
    import Glibc
    let arguments = Array(CommandLine.arguments.dropFirst())
    print("arguments: \\(arguments.joined(separator: " "))")
    print("variable: \\(getenv("COVGATE_TEST_VARIABLE").map { String(cString: $0) } ?? "none")")
    switch arguments.first {
    case "exit": exit(Int32(arguments[1]) ?? 99)
    case "crash": abort()
    case "hang": sleep(600)
    case "kill-server": kill(getppid(), SIGKILL); sleep(2)
    default: break
    }
    """

  override class func setUp() {
    super.setUp()
    folder = NSTemporaryDirectory() + "covgate-test-server-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try? programSource.write(toFile: "\(folder)/program.swift", atomically: true, encoding: .utf8)
    let compile = try? LiveCommandRunner().capture(
      "\(toolchainBin)/swiftc",
      [
        "-profile-generate", "-profile-coverage-mapping", "-o", "\(folder)/program",
        "\(folder)/program.swift",
      ],
      in: folder)
    if compile?.exitCode == 0 { program = "\(folder)/program" }
    hook =
      (try? TestServerHook.library(
        clang: "\(toolchainBin)/clang", folder: "\(folder)/hook", runner: LiveCommandRunner()))
      ?? ""
  }

  override class func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
    super.tearDown()
  }

  override func setUpWithError() throws {
    try XCTSkipIf(Self.program.isEmpty, "swiftc could not build the sample program")
    XCTAssertFalse(Self.hook.isEmpty, "clang could not build the hook")
  }

  private func server(_ name: String) throws -> TestServer {
    let profiles = "\(Self.folder)/\(name)"
    try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
    return try TestServer(
      binary: Self.program, directory: profiles, hook: Self.hook, profileFolder: profiles,
      name: "server",
      log: "\(profiles)/server.log")
  }

  private func profiles(in name: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: "\(Self.folder)/\(name)").filter {
      $0.hasSuffix(".profraw")
    }.sorted()
  }

  func testEachTestRunsInAChildWithItsArgumentsEnvironmentAndOwnProfile() throws {
    let server = try server("plain")
    defer { server.stop() }
    let folder = "\(Self.folder)/plain"
    let first = try server.run(
      arguments: ["exit", "0"],
      environment: ["LLVM_PROFILE_FILE": "\(folder)/0.%p.profraw", "COVGATE_TEST_VARIABLE": "one"],
      log: "\(folder)/0.log", timeout: 10, grace: 1)
    XCTAssertEqual(first, StreamResult(exitCode: 0))
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/0.log", encoding: .utf8),
      "arguments: exit 0\nvariable: one\n")
    let second = try server.run(
      arguments: ["exit", "3", "more"],
      environment: ["LLVM_PROFILE_FILE": "\(folder)/1.%p.profraw"],
      log: "\(folder)/1.log", timeout: 10, grace: 1)
    XCTAssertEqual(second, StreamResult(exitCode: 3))
    // The first child's environment is not the second's: each starts from the server.
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/1.log", encoding: .utf8),
      "arguments: exit 3 more\nvariable: none\n")
    // Each child's profile under the test's name, with the child's pid; none left under the server's.
    let written = try profiles(in: "plain")
    XCTAssertEqual(written.count, 2, "\(written)")
    XCTAssertTrue(written[0].hasPrefix("0.") && written[1].hasPrefix("1."), "\(written)")
    let show = try LiveCommandRunner().capture(
      "\(Self.toolchainBin)/llvm-profdata", ["show", "\(folder)/\(written[0])"], in: nil)
    XCTAssertEqual(show.exitCode, 0, show.stderr)
    XCTAssertTrue(show.stdout.contains("Total functions:"), show.stdout)
  }

  func testACrashIsTheChildsSignalAndAHangIsStoppedAtItsTimeLimit() throws {
    let server = try server("red")
    defer { server.stop() }
    let folder = "\(Self.folder)/red"
    let crash = try server.run(
      arguments: ["crash"], environment: ["LLVM_PROFILE_FILE": "\(folder)/0.%p.profraw"],
      log: "\(folder)/0.log",
      timeout: 10, grace: 1)
    XCTAssertEqual(crash, StreamResult(exitCode: 128 + SIGABRT, signal: SIGABRT))
    let hang = try server.run(
      arguments: ["hang"], environment: ["LLVM_PROFILE_FILE": "\(folder)/1.%p.profraw"],
      log: "\(folder)/1.log",
      timeout: 0.5, grace: 1)
    XCTAssertEqual(hang, StreamResult(exitCode: 128 + SIGTERM, timedOut: true, signal: SIGTERM))
    // The server lives on.
    let after = try server.run(
      arguments: ["exit", "0"], environment: [:], log: "\(folder)/2.log", timeout: 10, grace: 1)
    XCTAssertEqual(after, StreamResult(exitCode: 0))
    XCTAssertEqual(
      try profiles(in: "red"), [],
      "a crashed or stopped child writes no profile; one without a name is removed")
  }

  func testAServerThatDiesMidTestHandsTheTestToAProcessOfItsOwn() throws {
    let fallback = FakeTestProcesses()
    let hook = Self.hook
    let processes = ServedTestProcesses(hook: { hook }, fallback: fallback, stopGrace: 1)
    let folder = "\(Self.folder)/dies"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let died = try processes.run(
      Self.program, ["kill-server"], in: folder,
      environment: ["LLVM_PROFILE_FILE": "\(folder)/0.%p.profraw"],
      log: "\(folder)/0.log", timeout: 10)
    XCTAssertEqual(died, StreamResult(exitCode: 0), "the fake fallback's answer")
    XCTAssertEqual(fallback.launched, [[Self.program, "kill-server"]])
    // The next test gets a new server.
    let next = try processes.run(
      Self.program, ["exit", "4"], in: folder, environment: [:], log: "\(folder)/1.log", timeout: 10
    )
    XCTAssertEqual(next, StreamResult(exitCode: 4))
    XCTAssertEqual(fallback.launched.count, 1)
    let notes = processes.finish()
    XCTAssertEqual(notes.count, 1)
    XCTAssertTrue(
      notes[0].contains(
        "stopped (the test server exited); the test ran again in a process of its own"), notes[0])
  }

  /// A binary whose library starts a thread before `main` (a C initialiser here) is never
  /// forked: its server answers that it has two threads, and every test of it starts a process
  /// of its own, said once.
  func testABinaryWithAThreadBeforeMainIsNeverForked() throws {
    let folder = "\(Self.folder)/threaded"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try """
    #include <pthread.h>
    #include <unistd.h>
    static void *sleeper(void *unused) { (void)unused; for (;;) pause(); return 0; }
    __attribute__((constructor)) static void start(void) {
      pthread_t thread;
      pthread_create(&thread, 0, sleeper, 0);
    }
    """.write(toFile: "\(folder)/thread.c", atomically: true, encoding: .utf8)
    let object = try LiveCommandRunner().capture(
      "\(Self.toolchainBin)/clang",
      ["-c", "-fPIC", "-o", "\(folder)/thread.o", "\(folder)/thread.c"],
      in: folder)
    XCTAssertEqual(object.exitCode, 0, object.stderr)
    let link = try LiveCommandRunner().capture(
      "\(Self.toolchainBin)/swiftc",
      ["-o", "\(folder)/threaded", "\(Self.folder)/program.swift", "\(folder)/thread.o"],
      in: folder)
    XCTAssertEqual(link.exitCode, 0, link.stderr)
    let server = try TestServer(
      binary: "\(folder)/threaded", directory: folder, hook: Self.hook, profileFolder: folder,
      name: "server", log: "\(folder)/server.log")
    defer { server.stop() }
    XCTAssertThrowsError(
      try server.run(
        arguments: ["exit", "0"], environment: [:], log: "\(folder)/0.log", timeout: 10, grace: 1)
    ) { error in
      XCTAssertEqual((error as? TestServer.Threaded)?.threads, 2, "\(error)")
    }
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: "\(folder)/0.log"), "no child was forked")

    let fallback = FakeTestProcesses()
    let hook = Self.hook
    let processes = ServedTestProcesses(hook: { hook }, fallback: fallback, stopGrace: 1)
    for index in 0..<3 {
      _ = try processes.run(
        "\(folder)/threaded", ["exit", "\(index)"], in: folder, environment: [:],
        log: "\(folder)/run-\(index).log", timeout: 10)
    }
    XCTAssertEqual(fallback.launched.count, 3, "every test in a process of its own")
    XCTAssertEqual(
      processes.finish(),
      [
        "covgate: note: threaded runs 2 threads before its tests start (a library starts them): forking it could deadlock, so each of its tests starts a process of its own"
      ])
  }

  /// A server gone while idle makes the next request fail (EPIPE), not stop covgate (SIGPIPE).
  func testAServerGoneWhileIdleFailsTheNextRequest() throws {
    let server = try server("gone")
    defer { server.stop() }
    XCTAssertEqual(kill(server.pid, SIGKILL), 0)
    var info = siginfo_t()
    while waitid(P_PID, id_t(server.pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
    XCTAssertThrowsError(
      try server.run(
        arguments: ["exit", "0"], environment: [:], log: "\(Self.folder)/gone/0.log", timeout: 10,
        grace: 1)
    ) { error in
      XCTAssertEqual("\(error)", "the test server stopped reading")
    }
  }

  func testWithoutAHookEveryTestStartsAProcessOfItsOwnAndTheRunSaysWhyOnce() throws {
    let fallback = FakeTestProcesses()
    let processes = ServedTestProcesses(
      hook: {
        throw TestServerHook.Unavailable(
          description: "the toolchain has no clang at /nowhere/clang")
      },
      fallback: fallback)
    for index in 0..<3 {
      _ = try processes.run(
        Self.program, ["exit", "\(index)"], in: nil, environment: [:],
        log: "\(Self.folder)/\(index).log", timeout: nil)
    }
    XCTAssertEqual(fallback.launched.count, 3)
    XCTAssertEqual(
      processes.finish(),
      [
        "covgate: note: each test starts a process of its own: the toolchain has no clang at /nowhere/clang"
      ])
  }

  func testABinaryWithoutSwiftIsNoServer() throws {
    let source = "\(Self.folder)/plain.c"
    try "#include <stdio.h>\nint main(void) { puts(\"listing\"); return 0; }\n".write(
      toFile: source, atomically: true, encoding: .utf8)
    let compile = try LiveCommandRunner().capture(
      "\(Self.toolchainBin)/clang", ["-o", "\(Self.folder)/plain-c", source], in: nil)
    XCTAssertEqual(compile.exitCode, 0, compile.stderr)
    XCTAssertThrowsError(
      try TestServer(
        binary: "\(Self.folder)/plain-c", directory: Self.folder, hook: Self.hook,
        profileFolder: Self.folder,
        name: "c-server", log: "\(Self.folder)/c-server.log")
    ) { error in
      XCTAssertEqual("\(error)", "plain-c has no Swift standard library to hand arguments to")
    }
  }

  func testTheHookIsBuiltOnceAndAMissingClangIsNamed() throws {
    let built =
      try FileManager.default.attributesOfItem(atPath: Self.hook)[.modificationDate] as? Date
    let again = try TestServerHook.library(
      clang: "\(Self.toolchainBin)/clang", folder: "\(Self.folder)/hook",
      runner: LiveCommandRunner())
    XCTAssertEqual(again, Self.hook)
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: again)[.modificationDate] as? Date, built)
    let symbols = try LiveCommandRunner().capture(
      "\(Self.toolchainBin)/llvm-nm", ["-D", "--defined-only", Self.hook], in: nil)
    XCTAssertTrue(symbols.stdout.contains(" T __libc_start_main"), symbols.stdout)
    XCTAssertThrowsError(
      try TestServerHook.library(
        clang: "/nowhere/clang", folder: "\(Self.folder)/hook", runner: LiveCommandRunner())
    ) { error in
      XCTAssertEqual("\(error)", "the toolchain has no clang at /nowhere/clang")
    }
    XCTAssertThrowsError(
      try TestServerHook.library(
        clang: "\(Self.toolchainBin)/clang", folder: "\(Self.folder)/My Package",
        runner: LiveCommandRunner())
    ) { error in
      XCTAssertTrue(
        "\(error)".hasPrefix("LD_PRELOAD cannot take a path with a space or a colon: "), "\(error)")
    }
  }
}
