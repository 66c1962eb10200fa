import XCTest

@testable import CovgateSupport

final class ByteSearchTests: XCTestCase {
  private func offset(_ needle: String, in haystack: String, from start: Int = 0) -> Int? {
    Array(haystack.utf8).withUnsafeBufferPointer {
      ByteSearch.offset(of: Array(needle.utf8), in: $0, from: start)
    }
  }

  /// Every position of every needle agrees with a plain search, near misses and edges included.
  func testFindsWhatAPlainSearchFinds() {
    let haystack = "cocovgate:ignorcovgate:ignore-start c covgate:ignore"
    let bytes = Array(haystack.utf8)
    for needle in ["covgate:ignore", "c", "e", "ignore-start", "x", "covgate:ignore-end"] {
      let pattern = Array(needle.utf8)
      for start in 0...bytes.count {
        let plain = bytes.indices.first {
          $0 >= start && $0 + pattern.count <= bytes.count
            && Array(bytes[$0..<($0 + pattern.count)]) == pattern
        }
        XCTAssertEqual(offset(needle, in: haystack, from: start), plain, "\(needle) from \(start)")
        // The search without `memmem` (a C library that lacks it) agrees too.
        let fallback = bytes.withUnsafeBufferPointer { haystack in
          pattern.withUnsafeBufferPointer {
            ByteSearch.offsetByFirstByte(of: $0, in: haystack, from: start)
          }
        }
        XCTAssertEqual(fallback, plain, "without memmem: \(needle) from \(start)")
      }
    }
  }

  func testAnEmptyNeedleOrAStartPastTheEndFindsNothing() {
    XCTAssertNil(offset("", in: "abc"))
    XCTAssertNil(offset("a", in: "abc", from: 4))
    XCTAssertNil(offset("abcd", in: "abc"))
    XCTAssertNil(offset("a", in: ""))
  }

  func testASingleByteIsFoundBeforeTheEndOrTheEndIsReturned() {
    Array("a\tb\nc".utf8).withUnsafeBufferPointer { bytes in
      XCTAssertEqual(ByteSearch.offset(of: UInt8(ascii: "\n"), in: bytes, from: 0, to: 5), 3)
      XCTAssertEqual(ByteSearch.offset(of: UInt8(ascii: "\n"), in: bytes, from: 0, to: 3), 3)
      XCTAssertEqual(ByteSearch.offset(of: UInt8(ascii: "\t"), in: bytes, from: 2, to: 5), 5)
      XCTAssertEqual(ByteSearch.offset(of: UInt8(ascii: "a"), in: bytes, from: 0, to: 0), 0)
    }
  }
}
