import Foundation

/// A long-lived process of a test binary that `TestServerHook` turned into a server: each test
/// runs in a child it forks, a process of the test's own as a fresh start would give, without
/// loading the binary and its libraries again. One test at a time.
final class TestServer: @unchecked Sendable {
  /// The server stopped answering as it should (it exited, or a request could not be sent):
  /// the test runs in a process of its own instead.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The server has more threads than one (a library's initialiser started them before `main`):
  /// a child forked now could wait forever on a lock another thread held, so it forks none.
  struct Threaded: Error, CustomStringConvertible {
    var threads: Int
    var description: String { "the test server runs \(threads) threads" }
  }

  private let process: SpawnedProcess
  private let requests: Int32
  private var replies: ReplyLines
  /// The server's `LLVM_PROFILE_FILE`: each child's profile lands under it (the runtime keeps
  /// the server's pid for `%p`), to be renamed to the test's once the child has exited.
  private let profilePattern: String

  /// The server's process ID.
  var pid: pid_t { process.pid }

  /// Starts `binary` in `directory` with the hook preloaded and waits until it is ready; its
  /// own output goes to `log`. Throws `TestServerHook.Unavailable` when the binary does not
  /// become a server (a static binary loads no hook; a binary without Swift has no arguments
  /// to replace).
  init(
    binary: String, directory: String?, hook: String, profileFolder: String, name: String,
    log: String
  ) throws {
    let requestPipe = try CommandPipe()
    let replyPipe: CommandPipe
    do { replyPipe = try CommandPipe() } catch {
      requestPipe.closeBothEnds()
      throw error
    }
    let logDescriptor = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    defer {
      // The server's ends: its own copies are all it needs.
      requestPipe.closeReadEnd()
      replyPipe.closeWriteEnd()
      if logDescriptor >= 0 { close(logDescriptor) }
    }
    profilePattern = "\(profileFolder)/\(name)-%p.profraw"
    var environment = [
      "LD_PRELOAD": hook, "COVGATE_TEST_SERVER": "1", "LLVM_PROFILE_FILE": profilePattern,
    ]
    if let preloaded = ProcessInfo.processInfo.environment["LD_PRELOAD"], !preloaded.isEmpty {
      environment["LD_PRELOAD"] = "\(hook):\(preloaded)"
      environment["COVGATE_TEST_SERVER_PRELOAD"] = preloaded
    }
    do {
      // Were the hook not loaded, the binary would only list its XCTest tests and exit.
      process = try SpawnedProcess(
        binary, ["--list-tests"], in: directory, input: requestPipe.readEnd,
        output: replyPipe.writeEnd,
        error: logDescriptor >= 0 ? logDescriptor : nil, environment: environment)
    } catch {
      requestPipe.closeWriteEnd()
      replyPipe.closeReadEnd()
      throw error
    }
    requests = requestPipe.writeEnd
    replies = ReplyLines(descriptor: replyPipe.readEnd)
    let greeting = ((try? replies.line(timeout: 60)) ?? nil).flatMap(Answer.init)
    guard greeting?.word == "ready" else {
      stop()
      let name = (binary as NSString).lastPathComponent
      throw TestServerHook.Unavailable(
        description: greeting?.word == "unsupported"
          ? "\(name) has no Swift standard library to hand arguments to"
          : greeting?.word == "opaque"
            ? "\(name) loads a library with thread-local data and no symbol table: a forked test could keep a thread ID Swift's locks cannot use"
            : "\(name) did not load covgate's test server hook (a statically linked binary?)"
      )
    }
  }

  /// Runs the binary's `main` with `arguments` in a child, `environment` added to the server's
  /// and output into `log`. Past `timeout` seconds the child and everything it started are
  /// stopped (SIGTERM, SIGKILL `grace` seconds later). The child's profile is renamed to
  /// `environment`'s `LLVM_PROFILE_FILE`, `%p` being the child's pid.
  func run(
    arguments: [String], environment: [String: String], log: String, timeout: TimeInterval?,
    grace: TimeInterval
  ) throws -> StreamResult {
    let entries = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let fields = [log, String(entries.count)] + entries + [String(arguments.count)] + arguments
    guard !fields.contains(where: { $0.utf8.contains(0) }) else {
      throw Failure(description: "a test argument holds a NUL byte")
    }
    try send(fields.map { $0 + "\0" }.joined())
    let answer = try replies.line(timeout: 60).flatMap(Answer.init)
    if let answer, answer.word == "threaded" { throw Threaded(threads: answer.first) }
    guard let started = answer, started.word == "started" else {
      throw Failure(description: "the test server did not start the test")
    }
    let child = started.first
    var timedOut = false
    var line = try replies.line(timeout: timeout)
    if line == nil {
      timedOut = true
      ProcessTree.terminate(root: pid_t(child), signal: SIGTERM, grace: grace)
      line = try replies.line(timeout: nil)
    }
    guard let ended = line.flatMap(Answer.init), ["exited", "signalled"].contains(ended.word),
      ended.first == child, let value = Int32(exactly: ended.second)
    else {
      throw Failure(description: "the test server answered '\(line ?? "")'")
    }
    collectProfile(of: child, as: environment["LLVM_PROFILE_FILE"])
    if ended.word == "signalled" {
      return StreamResult(exitCode: 128 + value, timedOut: timedOut, signal: value)
    }
    return StreamResult(exitCode: value, timedOut: timedOut)
  }

  /// Ends the server (it exits at the end of its input) and waits for it.
  func stop() {
    close(requests)
    _ = process.wait(timeout: 10, grace: Interruption.grace)
    close(replies.descriptor)
  }

  /// Writes a request. A server that has exited makes the write fail with EPIPE, not stop
  /// covgate: SIGPIPE is blocked on this thread meanwhile, and one it raised is taken.
  private func send(_ text: String) throws {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var mask = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &mask)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { write(requests, $0.baseAddress! + sent, $0.count - sent) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        if errno == EPIPE {
          var none = timespec()
          _ = sigtimedwait(&pipeSignal, nil, &none)
        }
        throw Failure(description: "the test server stopped reading")
      }
      sent += count
    }
  }

  /// Moves the child's profile to the test's name (`%p` its pid), or removes it when the test
  /// names none.
  private func collectProfile(of child: Int, as pattern: String?) {
    let written = [Int(process.pid), child].map {
      profilePattern.replacingOccurrences(of: "%p", with: String($0))
    }
    for path in written where FileManager.default.fileExists(atPath: path) {
      if let pattern {
        _ = rename(path, pattern.replacingOccurrences(of: "%p", with: String(child)))
      } else {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
  }

}

/// One answer of the server: a word and two numbers (`started PID 0`, `exited PID CODE`,
/// `signalled PID SIGNAL`, `ready PID CACHES` (the thread-ID caches each child clears),
/// `unsupported 0 0`, `opaque 0 0`, `failed ERRNO 0`, `threaded COUNT 0`).
struct Answer {
  var word: Substring
  var first: Int
  var second: Int

  init?(_ line: String) {
    let parts = line.split(separator: " ")
    guard parts.count == 3, let first = Int(parts[1]), let second = Int(parts[2]) else {
      return nil
    }
    (word, self.first, self.second) = (parts[0], first, second)
  }
}

/// The server's answers, a line at a time, each waited for at most a given time.
struct ReplyLines {
  let descriptor: Int32
  private var buffer: [UInt8] = []

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The next line; nil when `timeout` seconds pass first. Throws at the end of the input.
  mutating func line(timeout: TimeInterval?) throws -> String? {
    let deadline = timeout.map { Date() + $0 }
    while true {
      if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeSubrange(...end)
        return line
      }
      let wait =
        deadline.map { max(0, Int32(min($0.timeIntervalSinceNow * 1000, 86_400_000))) } ?? -1
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, wait)
      if ready < 0, errno == EINTR { continue }
      if ready == 0 { return nil }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw TestServer.Failure(description: "the test server exited") }
      buffer += chunk[..<count]
    }
  }
}
