import CovgateSupport
import XCTest

final class CLibraryTests: XCTestCase {
  /// A function the Swift module leaves out is found and called; a name the library lacks is nil.
  func testAFunctionIsFoundByItsNameOrNotAtAll() throws {
    typealias Memmem =
      @convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?
    let memmem = try XCTUnwrap(CLibrary.function("memmem", as: Memmem.self))
    let haystack = Array("covgate:ignore-start".utf8)
    let needle = Array("ignore".utf8)
    let found = haystack.withUnsafeBytes { hay in
      needle.withUnsafeBytes { memmem(hay.baseAddress, hay.count, $0.baseAddress, $0.count) }
        .map { UnsafeRawPointer($0) - UnsafeRawPointer(hay.baseAddress!) }
    }
    XCTAssertEqual(found, 8)
    XCTAssertNil(CLibrary.function("covgate_no_such_function", as: Memmem.self))
  }
}
