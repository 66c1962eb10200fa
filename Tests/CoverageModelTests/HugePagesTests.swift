import Foundation
import Synchronization
import XCTest

@testable import CoverageModel

/// The heaps are advised as the kernel sees them (`hg` among the flags of their mapping in
/// `/proc/self/smaps`): a thread's heap once, the main heap's new part whole; nothing when the
/// user's tunables already say how glibc uses huge pages.
final class HugePagesTests: XCTestCase {
  func testAThreadsHeapIsAdvisedOnce() throws {
    #if os(Linux)
      let result = Mutex<(first: UInt?, second: UInt?, address: UInt)>((nil, nil, 0))
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        let first = HugePages.adviseHeap()
        let second = HugePages.adviseHeap()
        let block = malloc(HugePages.probeSize)!
        result.withLock { $0 = (first, second, UInt(bitPattern: block)) }
        free(block)
        done.signal()
      }
      thread.start()
      done.wait()
      let (first, second, address) = result.withLock { $0 }
      XCTAssertNil(second, "advised once")
      if let first { XCTAssertEqual(first, address & ~(HugePages.arenaHeapSize - 1)) }
      XCTAssertTrue(
        try flags(ofMappingHolding: address).contains("hg"),
        "the thread's heap (advised now or by an earlier thread of its arena)")
    #else
      throw XCTSkip("glibc only")
    #endif
  }

  func testTheMainHeapGrowsAndItsNewPartIsAdvised() throws {
    #if os(Linux)
      // As covgate starts: the main heap grows by a top pad at a time.
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      let mallopt = try XCTUnwrap(CLibrary.function("mallopt", as: Mallopt.self))
      XCTAssertEqual(mallopt(-2, 8 << 20), 1)
      defer { _ = mallopt(-2, 128 << 10) }
      // The free room a long test run leaves in the heap is taken first (up to 256 MiB).
      let advised = HugePages.adviseMainHeap(growingBy: 256 << 20)
      // The top pad, less what its first huge page boundary leaves out.
      XCTAssertGreaterThanOrEqual(advised.count, 6 << 20)
      XCTAssertTrue(try flags(ofMappingHolding: advised.lowerBound).contains("hg"))
      XCTAssertFalse(try flags(ofMappingHolding: UInt(bitPattern: sbrk(0)) - 1).isEmpty)
    #else
      throw XCTSkip("glibc only")
    #endif
  }

  func testTunablesThatNameHugePagesAreTheUsersChoice() {
    XCTAssertFalse(HugePages.enable(tunables: "glibc.malloc.hugetlb=0", growth: 0))
    XCTAssertFalse(
      HugePages.enable(tunables: "glibc.malloc.hugetlb=1:glibc.malloc.arena_max=2", growth: 0))
  }

  /// The `VmFlags` of the mapping that holds `address`.
  private func flags(ofMappingHolding address: UInt) throws -> [String] {
    // Read to its end: the file's size says 0.
    let file = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/smaps"))
    let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    var inside = false
    for line in maps.split(separator: "\n") {
      if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "),
        let start = UInt(line[..<dash], radix: 16),
        let end = UInt(line[line.index(after: dash)..<space], radix: 16)
      {
        inside = (start..<end).contains(address)
      } else if inside, line.hasPrefix("VmFlags:") {
        return line.dropFirst("VmFlags:".count).split(separator: " ").map(String.init)
      }
    }
    return []
  }
}
