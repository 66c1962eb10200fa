import CoverageAcquisition
import CoverageModel
import Foundation
import XCTest

@testable import Mutation

/// The mutated build's handling of compiler errors, against a fake build that refuses the
/// lines a real compiler would: the mutants on an error's line, or in the declaration around
/// an error away from any mutant, are unviable; the rest stay.
final class MutatedBuildTests: XCTestCase {
  private let source = """
    func total(_ a: Int, _ b: Int) -> Int {
      let sum = a + b
      return sum * 2
    }

    func name(_ first: String, _ last: String) -> String {
      first + last
    }

    """

  func testCompilerErrorsAreReadAsFilesAndLinesOfTheCopy() {
    let output = """
      /copy/Sources/A/Total.swift:7:9: error: binary operator '-' cannot be applied to two 'String' operands
      /copy/Sources/A/Total.swift:7:9: note: overloads for '-' exist
      /elsewhere/B.swift:3:1: error: not ours
      /copy/Sources/A/Other.swift:12:4: warning: unused
      """
    XCTAssertEqual(MutatedBuild.errors(in: output, copy: "/copy"), ["Sources/A/Total.swift": [7]])
  }

  func testMutantsTheCompilerRefusesAreUnviableAndTheRestAreBuilt() throws {
    let folder = NSTemporaryDirectory() + "covgate-mutated-build-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: "\(folder)/Sources/A", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sites = MutantFinder.sites(
      in: source, file: "Sources/A/Total.swift", inScope: { _ in true }
    )
    .sites
    let mutants = sites.enumerated().map { (site: $1, id: $0 + 1) }
    XCTAssertEqual(mutants.map(\.site.mutated), ["a - b", "sum / 2", "first - last"])
    let builds = Builds()
    let build = MutatedBuild(copy: folder) {
      // As swiftc does: `-` on strings is an error on its line; once it is gone, a mismatch
      // reported at the closing brace of `total` when its `/` mutant is in.
      let text = try String(contentsOfFile: "\(folder)/Sources/A/Total.swift", encoding: .utf8)
      builds.record(text)
      var errors: [String] = []
      if text.contains("(first - last)") {
        errors.append("\(folder)/Sources/A/Total.swift:7:3: error: binary operator '-'")
      } else if text.contains("(sum / 2)") {
        errors.append("\(folder)/Sources/A/Total.swift:4:1: error: missing return")
      }
      return CommandResult(exitCode: errors.isEmpty ? 0 : 1, stdout: errors.joined(separator: "\n"))
    }
    let unviable = try build.run(
      ["Sources/A/Total.swift": mutants], originals: ["Sources/A/Total.swift": source])
    // The error at `total`'s closing brace cannot tell its mutants apart: both go.
    XCTAssertEqual(unviable, [1, 2, 3])
    XCTAssertEqual(builds.count, 3)
    let last = try String(contentsOfFile: "\(folder)/Sources/A/Total.swift", encoding: .utf8)
    XCTAssertEqual(last, MutantSchema.apply([], to: source, file: "Sources/A/Total.swift"))
  }

  func testABuildThatFailsWithoutMutantsIsAnErrorNamingTheFirstMessage() throws {
    let folder = NSTemporaryDirectory() + "covgate-mutated-build-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: "\(folder)/Sources/A", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let build = MutatedBuild(copy: folder) {
      CommandResult(exitCode: 1, stderr: "\(folder)/Package.swift:3:1: error: bad manifest")
    }
    XCTAssertThrowsError(try build.run([:], originals: [:])) { error in
      XCTAssertEqual(
        error as? MutationError, .buildFailed("\(folder)/Package.swift:3:1: error: bad manifest"))
    }
  }
}

/// What the fake build saw, build by build.
private final class Builds: @unchecked Sendable {
  private let lock = NSLock()
  private var texts: [String] = []
  func record(_ text: String) { lock.withLock { texts.append(text) } }
  var count: Int { lock.withLock { texts.count } }
}
