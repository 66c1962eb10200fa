import Foundation
import XCTest

@testable import CoverageAcquisition

/// The test server hook is real C: the text covgate embeds is `TestServerHook.c`, which the
/// toolchain's clang compiles without a warning, and which serves requests under the address and
/// undefined-behaviour sanitizers, linked into a small C program that stands in for a test binary.
final class TestServerHookSourceTests: XCTestCase {
  private static let file = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/CoverageAcquisition/TestRunning/TestServerHook.c").path

  private var clang: String {
    let llvmCov = (try? LinuxPlatform().locateToolchain().llvmCov) ?? "/usr/bin/llvm-cov"
    return ((llvmCov as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("clang")
  }

  private func folder() throws -> String {
    let folder = NSTemporaryDirectory() + "covgate-hook-source-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    return folder
  }

  func testTheEmbeddedSourceIsTheFile() throws {
    let text = try String(contentsOfFile: Self.file, encoding: .utf8)
    XCTAssertEqual(TestServerHook.source, text)
  }

  func testItCompilesWithoutAWarning() throws {
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: clang), "no clang at \(clang)")
    let folder = try folder()
    let result = try LiveCommandRunner().capture(
      clang,
      [
        "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-std=c11", "-shared", "-fPIC", "-O2",
        "-o", "\(folder)/hook.so", Self.file, "-ldl",
      ], in: folder)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
  }

  /// A C program with `main` and the standard library's argument hook stands in for a test
  /// binary: the server forks a child per request, hands it the request's arguments and
  /// environment, and answers with its exit; a count that is not a number stops the server.
  func testUnderTheSanitizersItServesRequests() throws {
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: clang), "no clang at \(clang)")
    let folder = try folder()
    let driver = """
      #include <stdio.h>
      #include <stdlib.h>
      #include <string.h>
      #include <sys/syscall.h>
      #include <unistd.h>

      static char **given_argv;
      static int given_argc;

      /* As Swift's Synchronization shim caches a thread's ID (its name in the symbol table is
       * the one the hook looks for), cached in the server before main, as the runtime's locks
       * are while the libraries load. */
      static inline unsigned _swift_stdlib_gettid(void) {
        static __thread unsigned tid = 0;
        if (tid == 0) tid = (unsigned)syscall(SYS_gettid);
        return tid;
      }

      __attribute__((constructor)) static void cache_before_main(void) { (void)_swift_stdlib_gettid(); }

      void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
        given_argv = argv;
        given_argc = argc;
      }

      int main(int argc, char **argv, char **envp) {
        (void)envp;
        const char *variable = getenv("COVGATE_TEST_VARIABLE");
        int first = fgetc(stdin);
        int fresh = _swift_stdlib_gettid() == (unsigned)syscall(SYS_gettid);
        printf("arguments %d %s, variable %s, stdin %s, thread ID %s\\n", given_argc,
               given_argc > 1 ? given_argv[1] : "-", variable ? variable : "none",
               first == EOF ? "empty" : "not empty", fresh ? "its own" : "the server's");
        if (argc > 2 && strcmp(argv[1], "exit") == 0) return atoi(argv[2]);
        return 0;
      }

      """
    try driver.write(toFile: "\(folder)/driver.c", atomically: true, encoding: .utf8)
    // `function` is left out: it flags every call of `main` through glibc's three-argument type,
    // the call the C runtime itself makes.
    let build = try LiveCommandRunner().capture(
      clang,
      [
        "-Wall", "-Wextra", "-Werror", "-g", "-fsanitize=address,undefined",
        "-fno-sanitize=function", "-fno-sanitize-recover=all",
        "-Wl,--export-dynamic-symbol=_swift_stdlib_overrideUnsafeArgvArgc",
        "-o", "\(folder)/server", "\(folder)/driver.c", Self.file, "-ldl",
      ], in: folder)
    XCTAssertEqual(build.exitCode, 0, build.stderr)

    let fields = [
      "\(folder)/first.log", "1", "COVGATE_TEST_VARIABLE=seen", "2", "exit", "3",
      "\(folder)/second.log", "0", "0",
    ]
    let served = try serve("\(folder)/server", input: fields, in: folder)
    let answers = served.output.split(separator: "\n").map { $0.split(separator: " ") }
    XCTAssertEqual(served.status, 0, served.errors)
    XCTAssertEqual(
      answers.map { $0.first.map(String.init) },
      ["ready", "started", "exited", "started", "exited"])
    XCTAssertEqual(answers[0].last, "1", "the driver's one thread-ID cache, found in its symbols")
    XCTAssertEqual(answers[2].last, "3", "the first child's exit code")
    XCTAssertEqual(answers[4].last, "0")
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/first.log", encoding: .utf8),
      "arguments 3 exit, variable seen, stdin empty, thread ID its own\n",
      "the child reads nothing of the requests the server's buffer held (the second one)")
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/second.log", encoding: .utf8),
      "arguments 1 -, variable none, stdin empty, thread ID its own\n")

    let garbled = try serve("\(folder)/server", input: ["\(folder)/third.log", "x"], in: folder)
    XCTAssertEqual(garbled.status, 65, "a count that is not a number stops the server")
  }

  /// Runs the server with the NUL-ended `input` on its standard input until it ends.
  private func serve(_ server: String, input: [String], in folder: String) throws
    -> (status: Int32, output: String, errors: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: server)
    process.environment = ["COVGATE_TEST_SERVER": "1", "PATH": "/usr/bin:/bin"]
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.map { $0 + "\0" }.joined().utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: output, as: UTF8.self),
      String(decoding: errors, as: UTF8.self)
    )
  }
}
