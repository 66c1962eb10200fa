/// Bytes in memory that this object owns and frees: a large buffer (a report page) handed
/// from the thread that made it to the one that writes it, without a copy.
public final class OwnedBytes: @unchecked Sendable {
  private let start: UnsafeMutablePointer<UInt8>
  public let count: Int

  /// Takes `start` over (allocated with `UnsafeMutablePointer.allocate`, `count` bytes
  /// initialized): it is freed with this object, and nothing else may free or change it.
  public init(taking start: UnsafeMutablePointer<UInt8>, count: Int) {
    self.start = start
    self.count = count
  }

  /// A copy of `bytes`.
  public convenience init(copying bytes: [UInt8]) {
    let start = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    bytes.withUnsafeBufferPointer { buffer in
      if let source = buffer.baseAddress { start.initialize(from: source, count: buffer.count) }
    }
    self.init(taking: start, count: bytes.count)
  }

  deinit { start.deallocate() }

  public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result)
    rethrows -> Result
  {
    try body(UnsafeRawBufferPointer(start: start, count: count))
  }
}
