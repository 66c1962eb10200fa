import CoverageModel
import CovgateSupport
import SourceAnalysis
import XCTest

/// The decisions of a source survive the cache's compact form unchanged, and damaged bytes are
/// no decisions rather than wrong ones.
final class SourceDecisionsBytesTests: XCTestCase {
  private func fixtureSource() throws -> [UInt8] {
    Array(
      try String(
        contentsOf: FixtureExpectations.url("Branches/Sources/Branches/Decisions.swift"),
        encoding: .utf8
      ).utf8)
  }

  func testTheFixturesDecisionsReadBackEqual() throws {
    let decisions = BranchDeriver.decisions(in: try fixtureSource())
    var writer = ByteWriter()
    decisions.write(to: &writer)
    var reader = ByteReader(writer.bytes)
    XCTAssertEqual(SourceDecisions(from: &reader), decisions)
    XCTAssertTrue(reader.isAtEnd)
    XCTAssertNotEqual(decisions, BranchDeriver.decisions(in: []), "the fixture has decisions")
  }

  func testEveryTruncationIsNoDecisions() throws {
    var writer = ByteWriter()
    BranchDeriver.decisions(in: try fixtureSource()).write(to: &writer)
    for length in 0..<writer.bytes.count {
      var reader = ByteReader(Array(writer.bytes[..<length]))
      XCTAssertNil(SourceDecisions(from: &reader), "\(length) of \(writer.bytes.count) bytes")
    }
  }

  func testAnUnknownKindOrShapeIsNoDecisions() {
    var writer = ByteWriter()
    writer.write(1)
    writer.write("unless")
    var reader = ByteReader(writer.bytes)
    XCTAssertNil(SourceDecisions(from: &reader))
  }
}
