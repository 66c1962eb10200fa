import Atomics
import CoverageModel
import CovgateSupport
import Foundation

/// An export's `functions[]` read on a thread of its own while the file records before it are
/// read on the reader's; from `halvingFrom` bytes of records on, the first half of the array on
/// one thread and the second on another.
///
/// The first thread starts at the first `"functions":[` (llvm-cov writes compact JSON, and a
/// string cannot hold that unescaped, so it is the first data element's array). It guesses a
/// record boundary near the middle (`]]},{"`: a record's regions end, the next record starts)
/// and, for a large array, starts the second thread there; it stops when its own walk arrives at exactly that place
/// and takes the second half, or reads on itself if it never arrives or the second half failed.
/// The reader takes the result only if its walk arrives at the first thread's start. Records
/// and errors are the same as one walk gives (errors are named by offset and record number).
final class FunctionsAhead: @unchecked Sendable {
  private static let marker = Array(#""functions":["#.utf8)
  private static let boundary = Array(#"]]},{""#.utf8)
  private let bytes: UnsafeBufferPointer<UInt8>
  /// From how many bytes of records on the array is read in halves.
  private let halvingFrom: Int
  private let stopping = ManagedAtomic<Bool>(false)
  private let done = DispatchSemaphore(value: 0)
  /// Written by the thread alone, until `done` is signalled.
  private var start: Int?
  private var result: Result<(functions: [FunctionRecord], end: Int), any Error>?

  init(bytes: UnsafeBufferPointer<UInt8>, halvingFrom: Int) {
    self.bytes = bytes
    self.halvingFrom = halvingFrom
    ArrayTail<FunctionRecord>.spawn { [self] in
      defer { done.signal() }
      guard let found = ByteSearch.offset(of: Self.marker, in: self.bytes) else { return }
      start = found + Self.marker.count - 1
      result = Result { try readInHalves(from: start!) }
    }
  }

  /// The records read ahead and the offset after the array, if the array read ahead starts at
  /// `position`; nil if it does not (the caller reads it).
  func take(at position: Int) throws -> (functions: [FunctionRecord], end: Int)? {
    waitUntilDone()
    guard start == position, let result else { return nil }
    self.result = nil
    return try result.get()
  }

  /// Stops the threads and waits for them: after this, the bytes may be unmapped.
  func finish() {
    stopping.store(true, ordering: .relaxed)
    waitUntilDone()
  }

  private func readInHalves(from start: Int) throws -> (functions: [FunctionRecord], end: Int) {
    let stop: @Sendable () -> Bool = { self.stopping.load(ordering: .relaxed) }
    let halves = bytes.count - start >= halvingFrom
    let split =
      halves
      ? ArrayTail<FunctionRecord>.boundary(
        in: bytes, after: (start + bytes.count) / 2, pattern: Self.boundary, elementOffset: 4)
      : nil
    let tail = split.map { split in
      ArrayTail<FunctionRecord>(bytes: bytes, start: split) { scanner, records, stopped in
        try FunctionRecordReader.readRecords(
          &scanner, into: &records, continuing: true, boundary: nil, stop: { stop() || stopped() })
      }
    }
    defer { tail?.finish() }
    var scanner = JSONScanner(bytes: bytes)
    scanner.position = start
    var functions: [FunctionRecord] = []
    let placeholder = FunctionRecord(name: "", count: 0, regions: [], filenames: [])
    try ArrayTail.read(&scanner, into: &functions, tail: tail, placeholder: placeholder) {
      scanner, functions, continuing, boundary in
      try FunctionRecordReader.readRecords(
        &scanner, into: &functions, continuing: continuing, boundary: boundary, stop: stop)
    }
    return (functions, scanner.position)
  }

  private func waitUntilDone() {
    done.wait()
    done.signal()
  }
}
