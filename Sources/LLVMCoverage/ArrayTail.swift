import Atomics
import CoverageModel
import CovgateSupport
import Foundation

/// The elements of a JSON array from a guessed element boundary to the array's end, read on a
/// thread of their own while the array's first part is read on another.
///
/// The guess is validated by the first walk: it takes the tail only if it stops exactly at the
/// boundary (where a next element starts). A wrong guess, or a fault in the tail, is no harm:
/// the first walk reads on itself, naming any fault as one walk names it.
final class ArrayTail<Element>: @unchecked Sendable {
  /// Where the tail starts: an element's first byte.
  let start: Int
  private let stopping = ManagedAtomic<Bool>(false)
  private let done = DispatchSemaphore(value: 0)
  /// Written by the thread alone, until `done` is signalled.
  private var result: (elements: [Element], end: Int)?

  /// Starts reading at `start`; `read` reads elements into its array up to the array's end,
  /// true once past its `]`, and gives up (throws) once its last argument turns true.
  init(
    bytes: UnsafeBufferPointer<UInt8>, start: Int,
    read:
      @escaping (inout JSONScanner, inout [Element], @escaping @Sendable () -> Bool) throws -> Bool
  ) {
    self.start = start
    let box = UncheckedBytes(bytes: bytes)
    let work = UncheckedWork(read: read)
    Self.spawn { [self] in
      defer { done.signal() }
      var scanner = JSONScanner(bytes: box.bytes)
      scanner.position = start
      var elements: [Element] = []
      let stopped: @Sendable () -> Bool = { self.stopping.load(ordering: .relaxed) }
      guard (try? work.read(&scanner, &elements, stopped)) == true else { return }
      result = (elements, scanner.position)
    }
  }

  /// The elements and the offset after the array; nil if the tail could not be read.
  func elements() -> (elements: [Element], end: Int)? {
    waitUntilDone()
    defer { result = nil }
    return result
  }

  /// Stops the thread (if still reading) and waits for it: after this, the bytes may be
  /// unmapped.
  func finish() {
    stopping.store(true, ordering: .relaxed)
    waitUntilDone()
  }

  private func waitUntilDone() {
    done.wait()
    done.signal()
  }

  /// Reads the array the scanner is at into `elements` with `read(scanner, elements,
  /// continuing, boundary)` (as `JSONScanner.readElements`): up to `tail`'s start, then the
  /// tail's elements, or on to the end where the tail could not be read (its fault named as
  /// one walk names it). With a `placeholder`, the tail's elements are moved, not copied.
  static func read(
    _ scanner: inout JSONScanner, into elements: inout [Element], tail: ArrayTail?,
    placeholder: Element? = nil,
    with read: (inout JSONScanner, inout [Element], _ continuing: Bool, _ boundary: Int?) throws
      -> Bool
  ) throws {
    guard try !read(&scanner, &elements, false, tail?.start) else { return }
    if var (rest, end) = tail?.elements() {
      if let placeholder {
        append(moving: &rest, to: &elements, placeholder: placeholder)
      } else {
        elements += rest
      }
      scanner.position = end
      return
    }
    _ = try read(&scanner, &elements, true, nil)
  }

  /// Appends `rest`'s elements to `elements` by swapping each out for `placeholder`: what an
  /// element holds is neither retained by a copy nor released with `rest` (thousands of function
  /// records hold three references each).
  static func append(
    moving rest: inout [Element], to elements: inout [Element], placeholder: Element
  ) {
    let offset = elements.count
    elements.append(contentsOf: repeatElement(placeholder, count: rest.count))
    elements.withUnsafeMutableBufferPointer { target in
      rest.withUnsafeMutableBufferPointer { source in
        for index in source.indices { swap(&target[offset + index], &source[index]) }
      }
    }
  }

  /// Runs `work` on a new thread with a large stack (the reader recurses into nested values).
  static func spawn(_ work: @escaping @Sendable () -> Void) {
    Threads.start(work)
  }

  /// A boundary guess: the first `pattern` at or after `offset` and less than `window` bytes
  /// past it, the element starting `elementOffset` bytes into it.
  static func boundary(
    in bytes: UnsafeBufferPointer<UInt8>, after offset: Int, within window: Int = 4 << 20,
    pattern: [UInt8], elementOffset: Int
  ) -> Int? {
    let searched = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, offset + window)])
    return ByteSearch.offset(of: pattern, in: searched, from: offset).map { $0 + elementOffset }
  }
}

private struct UncheckedBytes: @unchecked Sendable {
  let bytes: UnsafeBufferPointer<UInt8>
}

private struct UncheckedWork<Element>: @unchecked Sendable {
  let read: (inout JSONScanner, inout [Element], @escaping @Sendable () -> Bool) throws -> Bool
}
