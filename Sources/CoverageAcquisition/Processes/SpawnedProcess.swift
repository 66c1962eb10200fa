import CoverageModel
import CovgateSupport
import Foundation

/// A command started with `posix_spawn` in a process group of its own
/// (`POSIX_SPAWN_SETPGROUP`), so that covgate can stop it together with everything it
/// started. Its standard output and error are covgate's unless descriptors are given; its
/// standard input is /dev/null unless one is given (a process outside the terminal's
/// foreground group must not read the terminal); its signal
/// mask is empty and every signal has its default action, whatever covgate set for itself.
final class SpawnedProcess: @unchecked Sendable {
  let pid: pid_t
  private let lock = NSLock()
  private var state = State.running

  private enum State { case running, exited, timedOut }

  /// Starts `executable` with `arguments` in `directory` (covgate's own when nil), reading
  /// `input` and writing its standard output and error into the given descriptors (covgate's
  /// own when nil).
  init(
    _ executable: String, _ arguments: [String], in directory: String?, input: Int32? = nil,
    output: Int32? = nil, error: Int32? = nil, environment: [String: String] = [:]
  ) throws {
    pid = try Interruption.shared.launch {
      try Self.spawn(
        executable, arguments, directory, input: input, output: output, error: error,
        environment: environment)
    }
  }

  /// Waits until the command exits. Past `timeout` seconds it is stopped: SIGTERM to its
  /// process group and every process below it, SIGKILL to those still running `grace`
  /// seconds later; this returns once all of them are gone.
  func wait(timeout: TimeInterval?, grace: TimeInterval) -> StreamResult {
    let stopped = DispatchSemaphore(value: 0)
    var timer: DispatchWorkItem?
    if let timeout {
      let item = DispatchWorkItem { [self] in
        let expired = lock.withLock {
          guard state == .running else { return false }
          state = .timedOut
          return true
        }
        if expired { ProcessTree.terminate(root: pid, signal: SIGTERM, grace: grace) }
        stopped.signal()
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: item)
      timer = item
    }
    // Wait without reaping: until the state is settled the pid stays ours, so the timer can
    // never signal a process that reused it.
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
    let timedOut = lock.withLock {
      if state == .running { state = .exited }
      return state == .timedOut
    }
    if timedOut {
      stopped.wait()
    } else {
      timer?.cancel()
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    Interruption.shared.finished(pid)
    let signal = status & 0x7f
    return StreamResult(
      exitCode: Self.exitCode(status), timedOut: timedOut, signal: signal == 0 ? nil : signal)
  }

  /// The exit code of a `waitpid` status: the code, or 128 + the signal that ended it.
  static func exitCode(_ status: Int32) -> Int32 {
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  private static func spawn(
    _ executable: String, _ arguments: [String], _ directory: String?, input: Int32?,
    output: Int32?, error: Int32?, environment: [String: String]
  ) throws -> pid_t {
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var attributes = posix_spawnattr_t()
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawnattr_init(&attributes)
    posix_spawn_file_actions_init(&actions)
    defer {
      posix_spawnattr_destroy(&attributes)
      posix_spawn_file_actions_destroy(&actions)
    }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    sigdelset(&allSignals, SIGKILL)
    sigdelset(&allSignals, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
    } else {
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    }
    if let output { posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO) }
    if let error { posix_spawn_file_actions_adddup2(&actions, error, STDERR_FILENO) }
    if let directory {
      let code = addChdir(&actions, directory)
      guard code == 0 else {
        throw ToolchainError.cannotRun(
          tool: executable, reason: "cannot enter \(directory): \(String(cString: strerror(code)))")
      }
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // covgate's environment, with `environment` set on top of it.
    var envp: [UnsafeMutablePointer<CChar>?] = []
    if !environment.isEmpty {
      var index = 0
      while let entry = environ[index] {
        let text = String(cString: entry)
        let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
        if environment[name] == nil { envp.append(strdup(entry)) }
        index += 1
      }
      envp += environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
      envp.append(nil)
    }
    defer { for pointer in envp { free(pointer) } }
    var pid = pid_t()
    let code =
      envp.isEmpty
      ? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
      : posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard code == 0 else {
      throw ToolchainError.cannotRun(tool: executable, reason: String(cString: strerror(code)))
    }
    return pid
  }

  #if canImport(Darwin)
    private static func addChdir(
      _ actions: inout posix_spawn_file_actions_t?, _ directory: String
    ) -> Int32 {
      posix_spawn_file_actions_addchdir_np(&actions, directory)
    }
  #else
    /// glibc (2.29 and later) has `posix_spawn_file_actions_addchdir_np`, but its header hides
    /// it from Swift; it is looked up by name.
    private static func addChdir(
      _ actions: inout posix_spawn_file_actions_t, _ directory: String
    ) -> Int32 {
      typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
        -> Int32
      guard
        let addChdir = CLibrary.function(
          "posix_spawn_file_actions_addchdir_np", as: AddChdir.self)
      else { return ENOSYS }
      return addChdir(&actions, directory)
    }
  #endif
}
