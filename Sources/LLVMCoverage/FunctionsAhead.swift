import CoverageModel
import Foundation
import Synchronization

/// An export's `functions[]` read on a thread of its own while the file records before it are
/// read: the two halves of a large export on two cores.
///
/// The thread starts at the first `"functions":[` (llvm-cov writes compact JSON, and a string
/// cannot hold that unescaped, so it is the first data element's array). The reader takes the
/// result only if its own walk arrives at exactly that place; otherwise it reads the array
/// itself. The result is the same either way, errors included (they are named by offset).
final class FunctionsAhead: @unchecked Sendable {
  private static let marker = Array(#""functions":["#.utf8)
  private let bytes: UnsafeBufferPointer<UInt8>
  private let stopping = Atomic<Bool>(false)
  private let done = DispatchSemaphore(value: 0)
  /// Written by the thread alone, until `done` is signalled.
  private var start: Int?
  private var result: Result<(functions: [FunctionRecord], end: Int), any Error>?

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    let thread = Thread { [self] in
      defer { done.signal() }
      guard let found = ByteSearch.offset(of: Self.marker, in: self.bytes) else { return }
      start = found + Self.marker.count - 1
      var scanner = JSONScanner(bytes: self.bytes)
      scanner.position = start!
      var functions: [FunctionRecord] = []
      result = Result {
        try FunctionRecordReader.readFunctions(&scanner, into: &functions) {
          self.stopping.load(ordering: .relaxed)
        }
        return (functions, scanner.position)
      }
    }
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// The records read ahead and the offset after the array, if the array read ahead starts at
  /// `position`; nil if it does not (the caller reads it).
  func take(at position: Int) throws -> (functions: [FunctionRecord], end: Int)? {
    waitUntilDone()
    guard start == position, let result else { return nil }
    self.result = nil
    return try result.get()
  }

  /// Stops the thread and waits for it: after this, the bytes may be unmapped.
  func finish() {
    stopping.store(true, ordering: .relaxed)
    waitUntilDone()
  }

  private func waitUntilDone() {
    done.wait()
    done.signal()
  }
}
