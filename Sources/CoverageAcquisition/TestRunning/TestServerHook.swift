import CovgateSupport
import Foundation

/// The small library that turns a test binary into a test server (`TestServer`), compiled from
/// its C source (`source`) with the toolchain's own `clang` on first use and kept beside the
/// build's profiles, named by a fingerprint of the source and the compiler: a later run, or
/// another run of the same build, finds it there.
enum TestServerHook {
  /// The hook, in C: loaded with `LD_PRELOAD`, it takes the place of the test binary's `main`
  /// when `COVGATE_TEST_SERVER` is set (it wraps glibc's `__libc_start_main`, so the binary's
  /// own initialisers have run). It then reads requests on standard input, each a run of
  /// NUL-ended fields: the log file, the number of environment entries, `NAME=value` entries,
  /// the number of arguments, the arguments. For each it forks a child that runs the binary's
  /// real `main` with those arguments, in a process group of its own, its output in the log,
  /// and answers on standard output (`Answer`): `started PID 0`, then `exited PID CODE` or
  /// `signalled PID SIGNAL`. It exits at the end of its input.
  ///
  /// The child is the loaded binary as it was before any test ran: a test's profile holds
  /// what a fresh process of that test would count, nothing of the tests before it. Swift
  /// reads the arguments once at load, so the child hands the new ones to the standard
  /// library (`_swift_stdlib_overrideUnsafeArgvArgc`); a binary without it gets no server.
  /// It forks only while the server is its one thread (a library's initialiser may start others):
  /// otherwise it answers `threaded COUNT 0` and forks nothing.
  ///
  /// `TestServerHook.c`'s bytes, embedded by SwiftPM (`.embedInCode`): one copy of the C.
  static let source = String(decoding: PackageResources.TestServerHook_c, as: UTF8.self)

  /// Why there is no hook: the per-test run then starts a process per test.
  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  /// The library in `folder`, compiled there if it is not yet; `clang` is the compiler beside
  /// the toolchain's `swift`.
  static func library(clang: String, folder: String, runner: any CommandRunning) throws -> String {
    #if os(Linux)
      guard FileManager.default.isExecutableFile(atPath: clang) else {
        throw Unavailable(description: "the toolchain has no clang at \(clang)")
      }
      let key = fingerprint(Data((source + "\0" + clang).utf8))
      let library = "\(folder)/libcovgate-test-server-\(key).so"
      guard !library.contains(" "), !library.contains(":") else {
        throw Unavailable(
          description: "LD_PRELOAD cannot take a path with a space or a colon: \(library)")
      }
      if FileManager.default.fileExists(atPath: library) { return library }
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let sourcePath = "\(folder)/covgate-test-server-\(key).c"
      try AtomicFile.write(source, to: sourcePath)
      // Compiled under a name of its own, then renamed: a run beside this one never loads half a file.
      let compiling = "\(library).\(getpid())"
      let result = try runner.capture(
        clang, ["-shared", "-fPIC", "-O2", "-o", compiling, sourcePath, "-ldl"], in: folder)
      guard result.exitCode == 0, rename(compiling, library) == 0 else {
        try? FileManager.default.removeItem(atPath: compiling)
        let detail =
          result.stderr.split(separator: "\n").first.map(String.init)
          ?? "exit code \(result.exitCode)"
        throw Unavailable(
          description: "clang could not build covgate's test server hook: \(detail)")
      }
      return library
    #else
      throw Unavailable(description: "test servers need Linux's glibc")
    #endif
  }
}
