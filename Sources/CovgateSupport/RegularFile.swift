import Foundation

/// Whole regular files read with plain POSIX calls: sources are read by the hundred, and
/// Foundation's `Data(contentsOf:)` costs several times more a file.
public enum RegularFile {
  /// The size of the file open at `descriptor`, or `nil` if it is not a regular file.
  public static func size(of descriptor: Int32) -> Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// Reads from `descriptor` until `buffer` is full or the file ends (interrupted reads are
  /// retried); returns how many bytes were read.
  public static func read(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>)
    -> Int
  {
    var done = 0
    while done < buffer.count {
      let count = Foundation.read(descriptor, buffer.baseAddress! + done, buffer.count - done)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      done += count
    }
    return done
  }

  /// `path|size|modified` of the file at `path` from one `stat` (nil if there is none): names a
  /// build of a tool, so that a cache made by another build is not read.
  public static func identity(atPath path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = status.st_mtimespec
    #else
      let modified = status.st_mtim
    #endif
    return "\(path)|\(status.st_size)|\(modified.tv_sec).\(modified.tv_nsec)"
  }

  /// The whole file at `path`, or `nil` if it cannot be opened or read whole.
  public static func bytes(atPath path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard let size = size(of: descriptor) else { return nil }
    var complete = true
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = read(descriptor, into: buffer)
      complete = count == size
    }
    return complete ? bytes : nil
  }
}
