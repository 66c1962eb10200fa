import CoverageModel
import CovgateSupport
import Foundation

/// A pipe between covgate and a command it starts: the command's output, or a test server's
/// requests. Both ends close on exec: the command gets its end only as a standard stream.
struct CommandPipe {
  let readEnd: Int32
  let writeEnd: Int32

  init() throws {
    var ends: [Int32] = [-1, -1]
    #if os(Linux)
      // Close-on-exec from the start: a command started on another thread meanwhile must not
      // inherit an end (the pipe would then never reach its end). glibc's header hides
      // `pipe2` from Swift; it is looked up by name.
      typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
      guard let pipe2 = CLibrary.function("pipe2", as: Pipe2.self) else {
        throw ToolchainError.cannotRun(tool: "pipe2", reason: "not in this C library")
      }
      let created = pipe2(&ends, O_CLOEXEC) == 0
    #else
      let created = pipe(&ends) == 0
      for end in ends where created { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    #endif
    guard created else {
      throw ToolchainError.cannotRun(tool: "pipe", reason: String(cString: strerror(errno)))
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  func closeReadEnd() { close(readEnd) }

  func closeWriteEnd() { close(writeEnd) }

  func closeBothEnds() {
    close(readEnd)
    close(writeEnd)
  }

  /// Reads both pipes until the command closes them, then closes them; `poll` takes whichever
  /// has data, so a command that fills one while covgate waits on the other never blocks.
  /// `echo`: each piece is also written at once to covgate's standard error (standard output
  /// is the report's), so that the command's output is seen as it comes.
  static func readToEnd(_ first: CommandPipe, _ second: CommandPipe, echo: Bool = false) -> (
    [UInt8], [UInt8]
  ) {
    var collected: [[UInt8]] = [[], []]
    var descriptors = [
      pollfd(fd: first.readEnd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var open = 2
    while open > 0 {
      if poll(&descriptors, 2, -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      for index in 0..<2 where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
        let count = buffer.withUnsafeMutableBytes {
          read(descriptors[index].fd, $0.baseAddress, $0.count)
        }
        if count > 0 {
          collected[index] += buffer[..<count]
          if echo { writeAll(buffer[..<count], to: STDERR_FILENO) }
        } else if count == 0 || errno != EINTR {
          close(descriptors[index].fd)
          descriptors[index].fd = -1
          open -= 1
        }
      }
    }
    for descriptor in descriptors where descriptor.fd >= 0 { close(descriptor.fd) }
    return (collected[0], collected[1])
  }

  /// Writes all of `bytes` to `descriptor`, across short writes.
  private static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
