import Foundation

/// Reads a report over and over on a thread of its own while writers replace it, keeping
/// every read that was not the expected document.
final class ReportReader: @unchecked Sendable {
  private let path: String
  private let expected: Data
  private let lock = NSLock()
  private var running = true
  private var reads = 0
  private var damaged: [String] = []
  private let done = DispatchSemaphore(value: 0)

  init(path: String, expected: Data) {
    self.path = path
    self.expected = expected
  }

  func start() {
    Thread { [self] in
      while lock.withLock({ running }) {
        // Absent before the first round's first rename: nothing to judge yet.
        if let data = FileManager.default.contents(atPath: path) {
          let whole = (try? JSONSerialization.jsonObject(with: data)) != nil && data == expected
          lock.withLock {
            reads += 1
            if !whole {
              damaged.append(
                "\(data.count) bytes: \(String(decoding: data.prefix(80), as: UTF8.self))")
            }
          }
        }
        usleep(2_000)
      }
      done.signal()
    }.start()
  }

  func stop() -> (reads: Int, damaged: [String]) {
    lock.withLock { running = false }
    done.wait()
    return lock.withLock { (reads, damaged) }
  }
}
