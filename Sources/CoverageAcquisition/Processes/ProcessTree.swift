import Foundation

/// The processes a command started, found through their parent links, so that covgate can stop
/// a test run completely: SwiftPM starts each test binary in a process group of its own, which
/// a signal to `swift test`'s group does not reach, and which outlives `swift test` when that
/// dies of SIGTERM.
public enum ProcessTree {
  /// One row of the process table.
  public struct Entry: Equatable, Sendable {
    public var pid: pid_t
    public var parent: pid_t
    public var group: pid_t
    /// `R`, `S`, ... as in /proc; `Z` (zombie) and `X` have exited.
    public var state: Character
    /// When it started, in clock ticks since boot (0 when unknown): tells a process from a
    /// later one that reuses its pid.
    public var start: UInt64

    var hasExited: Bool { state == "Z" || state == "X" || state == "x" }

    func isSameProcess(as other: Entry) -> Bool { pid == other.pid && start == other.start }
  }

  /// Stops `root` and everything below it: `signal` to `root`'s process group and to each of
  /// the processes and the groups they lead, then SIGKILL to whatever still runs `grace`
  /// seconds later. Returns once none of them runs any more (a zombie counts as gone), or
  /// `grace` seconds after the SIGKILL.
  static func terminate(root: pid_t, signal: Int32, grace: TimeInterval) {
    var members = family(of: root, in: snapshot())
    send(signal, to: members, rootGroup: root)
    if waitUntilGone(&members, root: root, signal: signal, deadline: Date() + grace) { return }
    send(SIGKILL, to: members, rootGroup: root)
    _ = waitUntilGone(&members, root: root, signal: SIGKILL, deadline: Date() + grace)
  }

  /// `root` (while it is in `table`) and every process below it.
  static func family(of root: pid_t, in table: [Entry]) -> [Entry] {
    let children = Dictionary(grouping: table, by: \.parent)
    var result = table.filter { $0.pid == root }
    var seen: Set<pid_t> = [root]
    var pending = [root]
    while let pid = pending.popLast() {
      for child in children[pid] ?? [] where seen.insert(child.pid).inserted {
        result.append(child)
        pending.append(child.pid)
      }
    }
    return result
  }

  /// Polls the table until every member has exited. Processes that appear below `root`
  /// meanwhile join the members and get `signal` at once. On a timeout, `members` keeps
  /// those still running.
  private static func waitUntilGone(
    _ members: inout [Entry], root: pid_t, signal: Int32, deadline: Date
  ) -> Bool {
    while true {
      let table = snapshot()
      let newcomers = family(of: root, in: table).filter { entry in
        !entry.hasExited && !members.contains { $0.isSameProcess(as: entry) }
      }
      send(signal, to: newcomers, rootGroup: nil)
      members += newcomers
      let running = table.filter { entry in
        !entry.hasExited && members.contains { $0.isSameProcess(as: entry) }
      }
      if running.isEmpty { return true }
      if Date() >= deadline {
        members = running
        return false
      }
      usleep(50_000)
    }
  }

  /// Sends `signal` to each member and to each group a member leads, never to covgate itself
  /// or its own group.
  private static func send(_ signal: Int32, to members: [Entry], rootGroup: pid_t?) {
    let ownGroup = getpgrp()
    let ownPid = getpid()
    if let rootGroup, rootGroup > 1, rootGroup != ownGroup { kill(-rootGroup, signal) }
    for member in members where member.pid > 1 && member.pid != ownPid {
      kill(member.pid, signal)
      if member.group == member.pid, member.group != ownGroup { kill(-member.group, signal) }
    }
  }

  /// The process table, as the platform reads it.
  static func snapshot() -> [Entry] { currentPlatform().processTable() }

  /// Parses a `/proc/<pid>/stat` line: `pid (comm) state ppid pgrp ...`, the start time being
  /// the 22nd field. `comm` may hold spaces and parentheses, so fields count from the last `)`.
  static func parse(stat: String) -> Entry? {
    guard let close = stat.lastIndex(of: ")"),
      let pid = pid_t(stat.prefix { $0 != " " })
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let state = fields[0].first, let parent = pid_t(fields[1]),
      let group = pid_t(fields[2]), let start = UInt64(fields[19])
    else { return nil }
    return Entry(pid: pid, parent: parent, group: group, state: state, start: start)
  }

  /// Parses `ps -A -o pid=,ppid=,pgid=,stat=` output.
  static func parse(ps output: String) -> [Entry] {
    output.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count >= 4, let pid = pid_t(fields[0]), let parent = pid_t(fields[1]),
        let group = pid_t(fields[2]), let state = fields[3].first
      else { return nil }
      return Entry(pid: pid, parent: parent, group: group, state: state, start: 0)
    }
  }

  /// `ps`'s table (the process table where there is no `/proc`).
  static func psTable() -> [Entry] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/ps")
    process.arguments = ["-A", "-o", "pid=,ppid=,pgid=,stat="]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return [] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return parse(ps: String(decoding: data, as: UTF8.self))
  }

  /// Reads a file of /proc (whose size reads as 0) with one `read`.
  static func readSmallFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(fd, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }
}
