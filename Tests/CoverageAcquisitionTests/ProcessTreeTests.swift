import Foundation
import XCTest

@testable import CoverageAcquisition

final class ProcessTreeTests: XCTestCase {
  func testAStatLineWithParenthesesAndSpacesInTheNameParses() {
    let stat =
      "4242 (my (odd) name) S 17 4242 17 34816 4242 4194560 110 0 0 0 0 0 0 0 20 0 1 0 987654 2400000 90 18446744073709551615\n"
    XCTAssertEqual(
      ProcessTree.parse(stat: stat),
      ProcessTree.Entry(pid: 4242, parent: 17, group: 4242, state: "S", start: 987_654))
    XCTAssertNil(ProcessTree.parse(stat: "4242 (cut short) S 17"))
  }

  func testPsOutputParses() {
    let output = "    1     0     1 Ss\n  300     1   300 Z+\nnot a row\n"
    XCTAssertEqual(
      ProcessTree.parse(ps: output),
      [
        .init(pid: 1, parent: 0, group: 1, state: "S", start: 0),
        .init(pid: 300, parent: 1, group: 300, state: "Z", start: 0),
      ])
    XCTAssertTrue(ProcessTree.parse(ps: output)[1].hasExited)
  }

  /// `swift test` (10) runs the test binary (11) in a group of its own; 20 is unrelated.
  func testTheFamilyFollowsParentsAcrossGroups() {
    let table: [ProcessTree.Entry] = [
      .init(pid: 10, parent: 1, group: 10, state: "S", start: 5),
      .init(pid: 11, parent: 10, group: 11, state: "S", start: 6),
      .init(pid: 12, parent: 11, group: 11, state: "R", start: 7),
      .init(pid: 20, parent: 1, group: 20, state: "S", start: 8),
    ]
    XCTAssertEqual(ProcessTree.family(of: 10, in: table).map(\.pid), [10, 11, 12])
    XCTAssertEqual(ProcessTree.family(of: 99, in: table).map(\.pid), [])
  }

  func testTheLiveTableHoldsThisProcess() throws {
    try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/stat"), "needs /proc")
    let me = try XCTUnwrap(ProcessTree.snapshot().first { $0.pid == getpid() })
    XCTAssertEqual(me.parent, getppid())
    XCTAssertEqual(me.group, getpgrp())
    XCTAssertGreaterThan(me.start, 0)
  }
}
