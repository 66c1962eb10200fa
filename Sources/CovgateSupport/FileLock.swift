#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a file (`flock`), held until `release` or the process ends: the kernel
/// drops it when its holder dies, however it dies, so a killed run never leaves it held. The
/// file holds the holder's process ID, for the waiting one to name.
public final class FileLock: @unchecked Sendable {
  private var descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Takes the lock on `path` (created if missing), waiting while another process (or another
  /// `FileLock` in this one) holds it; `waiting` is told the holder's process ID once, when
  /// the lock is not free at once.
  ///
  /// - Throws: `FileLockError` when the file cannot be opened or locked.
  public static func acquire(path: String, waiting: (Int32?) -> Void = { _ in }) throws
    -> FileLock
  {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw FileLockError(path: path, code: errno) }
    /// The error of the call that just failed, the file closed.
    func failure() -> FileLockError {
      let code = errno
      close(descriptor)
      return FileLockError(path: path, code: code)
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else { throw failure() }
      waiting(holder(descriptor))
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else { throw failure() }
      }
    }
    let pid = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return FileLock(descriptor: descriptor)
  }

  /// The process ID the holder wrote, if it wrote one.
  private static func holder(_ descriptor: Int32) -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 31, 0) }
    guard count > 0 else { return nil }
    return Int32(String(decoding: bytes[..<count], as: UTF8.self).filter(\.isNumber))
  }

  /// Lets the next waiter in.
  public func release() {
    guard descriptor >= 0 else { return }
    flock(descriptor, LOCK_UN)
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }
}

/// A lock file that could not be opened or locked.
public struct FileLockError: Error, CustomStringConvertible {
  public var path: String
  public var code: Int32

  public var description: String {
    "cannot lock \(path): \(String(cString: strerror(code))); check that its folder is writable"
  }
}
