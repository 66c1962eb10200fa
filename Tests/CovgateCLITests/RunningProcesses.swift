import Foundation

/// Live processes read from /proc, for checking that covgate left nothing running.
enum RunningProcesses {
  /// Whether there is a /proc to read.
  static var available: Bool { FileManager.default.fileExists(atPath: "/proc/self/stat") }

  /// The command lines of the live processes (zombies left out) whose command line mentions
  /// `folder` or whose working folder is inside it: `swift test`, `swift-build` and the test
  /// binaries of a package.
  static func involving(_ folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> String? in
      guard let pid = Int32(name), pid != getpid(), isAlive(name) else { return nil }
      let commandLine = read("/proc/\(name)/cmdline").replacingOccurrences(of: "\0", with: " ")
      let cwd =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(name)/cwd")) ?? ""
      guard commandLine.contains(folder) || cwd == folder || cwd.hasPrefix(folder + "/") else {
        return nil
      }
      return "\(pid): \(commandLine)"
    }
  }

  /// Whether the process `pid` exists and is not a zombie.
  static func isAlive(_ pid: String) -> Bool {
    let stat = read("/proc/\(pid)/stat")
    guard let close = stat.lastIndex(of: ")") else { return false }
    let state = stat[stat.index(after: close)...].split(separator: " ").first
    return state != nil && state != "Z" && state != "X"
  }

  private static func read(_ path: String) -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
    defer { try? handle.close() }
    return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
  }
}
