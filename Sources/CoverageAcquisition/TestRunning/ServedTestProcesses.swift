import Foundation

/// Runs each test in a child forked from a test server of its binary (`TestServer`): a process
/// of the test's own, as `LiveTestProcesses` starts, without loading the binary and its
/// libraries for every test. Servers start on first use, one for each test running at once,
/// and stop in `finish`. Where no server can start (another platform, a static binary, no
/// `clang`), every test runs in a process of its own and `finish` says why, once.
public final class ServedTestProcesses: TestProcessLaunching, @unchecked Sendable {
  private let buildHook: @Sendable () throws -> String
  private let fallback: any TestProcessLaunching
  private let stopGrace: TimeInterval
  private let lock = NSLock()
  private var hook: Result<String, Error>?
  private var idle: [Key: [TestServer]] = [:]
  private var serversStarted = 0
  private var unavailable = false
  /// Binaries whose servers have other threads at the fork: their tests start afresh.
  private var threadedBinaries: Set<String> = []
  private var notes: [String] = []

  /// Servers of a binary, run in a folder, whose children's profiles land in a folder.
  private struct Key: Hashable {
    var binary: String
    var directory: String?
    var profileFolder: String
  }

  /// - Parameters:
  ///   - hook: builds (or finds) the hook library, on first use.
  ///   - fallback: starts the tests when there is no server.
  public init(
    hook: @escaping @Sendable () throws -> String,
    fallback: any TestProcessLaunching = LiveTestProcesses(),
    stopGrace: TimeInterval = Interruption.grace
  ) {
    self.buildHook = hook
    self.fallback = fallback
    self.stopGrace = stopGrace
  }

  public func run(
    _ executable: String, _ arguments: [String], in directory: String?,
    environment: [String: String],
    log: String, timeout: TimeInterval?
  ) throws -> StreamResult {
    let profileFolder =
      environment["LLVM_PROFILE_FILE"].map { ($0 as NSString).deletingLastPathComponent }
      ?? (log as NSString).deletingLastPathComponent
    let key = Key(binary: executable, directory: directory, profileFolder: profileFolder)
    guard let server = checkOut(key) else {
      return try fallback.run(
        executable, arguments, in: directory, environment: environment, log: log, timeout: timeout)
    }
    do {
      let result = try server.run(
        arguments: arguments, environment: environment, log: log, timeout: timeout, grace: stopGrace
      )
      lock.withLock { idle[key, default: []].append(server) }
      return result
    } catch let threaded as TestServer.Threaded {
      // Every later server of this binary would have the same threads: its tests start afresh.
      server.stop()
      let name = (executable as NSString).lastPathComponent
      lock.withLock { _ = threadedBinaries.insert(executable) }
      note(
        "covgate: note: \(name) runs \(threaded.threads) threads before its tests start (a library starts them): forking it could deadlock, so each of its tests starts a process of its own"
      )
      return try fallback.run(
        executable, arguments, in: directory, environment: environment, log: log, timeout: timeout)
    } catch let failure as TestServer.Failure {
      // The test runs again in a process of its own; the next test gets a new server.
      server.stop()
      note(
        "covgate: note: a test server of \((executable as NSString).lastPathComponent) stopped (\(failure)); the test ran again in a process of its own"
      )
      return try fallback.run(
        executable, arguments, in: directory, environment: environment, log: log, timeout: timeout)
    }
  }

  /// Stops every server; returns the notes of the run (why tests ran without a server).
  public func finish() -> [String] {
    let (servers, said) = lock.withLock {
      defer { idle = [:] }
      return (idle.values.flatMap { $0 }, notes)
    }
    for server in servers { server.stop() }
    return said
  }

  /// An idle server for `key`, or a new one; nil when servers are unavailable.
  private func checkOut(_ key: Key) -> TestServer? {
    let (waiting, hook, serial): (TestServer?, Result<String, Error>?, Int) = lock.withLock {
      guard !unavailable, !threadedBinaries.contains(key.binary) else { return (nil, nil, 0) }
      if let server = idle[key]?.popLast() { return (server, nil, 0) }
      if self.hook == nil { self.hook = Result { try buildHook() } }
      serversStarted += 1
      return (nil, self.hook, serversStarted)
    }
    if let waiting { return waiting }
    do {
      guard let library = try hook?.get() else { return nil }
      return try TestServer(
        binary: key.binary, directory: key.directory, hook: library,
        profileFolder: key.profileFolder,
        name: "covgate-server-\(serial)", log: "\(key.profileFolder)/covgate-server-\(serial).log")
    } catch {
      lock.withLock {
        if !unavailable {
          unavailable = true
          notes.append("covgate: note: each test starts a process of its own: \(error)")
        }
      }
      return nil
    }
  }

  private func note(_ text: String) {
    lock.withLock { if !notes.contains(text) { notes.append(text) } }
  }
}
