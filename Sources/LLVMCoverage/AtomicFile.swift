import Foundation

/// Writes files so that readers see the old content or the new, never half of either.
public enum AtomicFile {
  /// Writes `data` to a temporary file beside `path`, then renames it into place. An
  /// interruption (Ctrl-C) waits until the rename is done, so no temporary file is left.
  public static func write(_ data: Data, to path: String) throws {
    try Interruption.shared.whileWriting { try writeNow(data, to: path) }
  }

  private static func writeNow(_ data: Data, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let temporary = "\(folder)/.\((path as NSString).lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp"
    guard FileManager.default.createFile(atPath: temporary, contents: data) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code))])
    }
  }
}
