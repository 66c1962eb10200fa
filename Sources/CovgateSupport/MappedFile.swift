#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only memory map of a file whose pages can be handed back once read, so that reading
/// a file larger than memory needs only a window of it.
public final class MappedFile: @unchecked Sendable {
  public let bytes: UnsafeBufferPointer<UInt8>
  private let base: UnsafeMutableRawPointer?
  private var released = 0
  /// Pages are handed back in steps of at least this many bytes.
  public static let releaseStep = 4 << 20

  /// Maps `path`; `nil` bytes for an empty file. Throws the `errno` text when it cannot.
  public init(path: String) throws {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw MappedFileError(reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw MappedFileError(reason: String(cString: strerror(errno)))
    }
    let size = Int(status.st_size)
    guard size > 0 else {
      base = nil
      bytes = UnsafeBufferPointer(start: nil, count: 0)
      return
    }
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED
    else {
      throw MappedFileError(reason: String(cString: strerror(errno)))
    }
    _ = madvise(mapped, size, MADV_SEQUENTIAL)
    base = mapped
    bytes = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size)
  }

  /// Hands back the pages before `offset`: they were read and will not be read again.
  public func release(upTo offset: Int) {
    guard let base, offset - released >= Self.releaseStep else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let end = offset / page * page
    _ = madvise(base + released, end - released, MADV_DONTNEED)
    released = end
  }

  /// Hands back the whole pages inside `start..<end`, read by a thread of its own (no state
  /// kept: the pages of another thread's range are untouched).
  public func release(from start: Int, upTo end: Int) {
    guard let base else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let first = (start + page - 1) / page * page
    let last = end / page * page
    guard last > first else { return }
    _ = madvise(base + first, last - first, MADV_DONTNEED)
  }

  deinit {
    if let base { munmap(base, bytes.count) }
  }
}

public struct MappedFileError: Error {
  public var reason: String
}
