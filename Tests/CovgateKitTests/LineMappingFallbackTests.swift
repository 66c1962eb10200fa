import CoverageAcquisition
import XCTest

@testable import CovgateKit

/// Test binaries whose coverage mapping cannot be read give a map without line data (mutants
/// then get their function's tests), with the reason for the note, never a crash.
final class LineMappingFallbackTests: XCTestCase {
  func testABinaryWithoutTheSectionsGivesNoMappingAndSaysWhy() throws {
    #if os(Linux)
      let (mapping, reason) = TestMapBuilder.mapping(
        binaries: ["/bin/sh"], platform: LinuxPlatform())
      XCTAssertNil(mapping)
      XCTAssertEqual(reason, "/bin/sh: no coverage mapping (not built with --enable-code-coverage)")
    #endif
    let (none, why) = TestMapBuilder.mapping(binaries: [], platform: LinuxPlatform())
    XCTAssertNil(none)
    XCTAssertEqual(why, "no test binary was found")
  }

  /// A damaged file (not an object file) is the same: no mapping, the reason named.
  func testADamagedBinaryGivesNoMapping() throws {
    let path = NSTemporaryDirectory() + "damaged-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    FileManager.default.createFile(
      atPath: path,
      contents: Data([0x7F, 0x45, 0x4C, 0x46, 2, 1] + Array(repeating: 0xff, count: 80)))
    let (mapping, reason) = TestMapBuilder.mapping(binaries: [path], platform: LinuxPlatform())
    XCTAssertNil(mapping)
    XCTAssertEqual(reason, "\(path): not an object file covgate reads")
  }
}
