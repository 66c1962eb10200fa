import CoverageModel
import Foundation
import SourceAnalysis
import XCTest

@testable import CovgateKit

/// Decisions parsed once are kept under the cache folder and read back by the next run; a
/// damaged cache is no cache.
final class DecisionCacheTests: XCTestCase {
  private let source = OneIfSource.text
  private var records: [BranchDeriver.Record] { OneIfSource.records }

  private func folder() throws -> String {
    let folder = NSTemporaryDirectory() + "covgate-decisions-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    return folder
  }

  /// The branches of `path`, a file in `cache` (the package's root here too).
  private func derive(_ path: String, cache: String) -> DerivedBranches? {
    SourceBranchDeriver(cacheFolder: cache, sources: PackageSources(root: cache))
      .derive([(String(path.dropFirst(cache.count + 1)), records)]).first ?? nil
  }

  /// The deriver reads a source through the run's sources: the text its page shows, read once
  /// for both (a change on disk after the run read it is not seen).
  func testTheDeriverReadsTheTextTheRunAlreadyRead() throws {
    let folder = try folder()
    try source.write(toFile: "\(folder)/F.swift", atomically: true, encoding: .utf8)
    let sources = PackageSources(root: folder)
    XCTAssertEqual(sources.source(ofRelativePath: "F.swift"), source)
    try "func f(a: Bool) -> Int { 0 }\n".write(
      toFile: "\(folder)/F.swift", atomically: true, encoding: .utf8)
    let derived =
      SourceBranchDeriver(cacheFolder: nil, sources: sources)
      .derive([("F.swift", records)]).first ?? nil
    XCTAssertEqual(derived, BranchDeriver.derive(source: Array(source.utf8), records: records))
    XCTAssertEqual(derived?.decisions.count, 1)
  }

  func testASecondRunReadsTheDecisionsTheFirstParsed() throws {
    let folder = try folder()
    let path = "\(folder)/F.swift"
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    let expected = BranchDeriver.derive(source: Array(source.utf8), records: records)
    XCTAssertEqual(expected.decisions.map(\.outcomes.count), [2], "then and none")

    XCTAssertEqual(derive(path, cache: folder), expected)
    let cache = DecisionCache(folder: folder)
    XCTAssertEqual(Array(cache.entries.keys), [DecisionCache.key(Array(source.utf8))])

    // Planted decisions of another source under this source's key are what the next run uses
    // (a cache with the run's keys already is not written again, so plant into an empty one).
    try FileManager.default.removeItem(atPath: "\(folder)/decisions.bin")
    DecisionCache(folder: folder).save([
      DecisionCache.key(Array(source.utf8)): BranchDeriver.decisions(in: [])
    ])
    XCTAssertEqual(derive(path, cache: folder), DerivedBranches())
  }

  func testADamagedCacheIsNoCache() throws {
    let folder = try folder()
    let path = "\(folder)/F.swift"
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    let expected = BranchDeriver.derive(source: Array(source.utf8), records: records)
    _ = derive(path, cache: folder)
    let file = "\(folder)/decisions.bin"
    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: file))
    for damaged in [bytes.prefix(bytes.count - 3), Data("not a cache".utf8), Data()] {
      try damaged.write(to: URL(fileURLWithPath: file))
      XCTAssertTrue(DecisionCache(folder: folder).entries.isEmpty)
      XCTAssertEqual(derive(path, cache: folder), expected)
    }
  }

  func testAChangedSourceIsParsedAgain() throws {
    let folder = try folder()
    let path = "\(folder)/F.swift"
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    _ = derive(path, cache: folder)
    let changed = source.replacingOccurrences(of: "if a {", with: "if !a {")
    try changed.write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertEqual(
      derive(path, cache: folder),
      BranchDeriver.derive(source: Array(changed.utf8), records: records))
    XCTAssertEqual(
      Array(DecisionCache(folder: folder).entries.keys), [DecisionCache.key(Array(changed.utf8))])
  }
}
