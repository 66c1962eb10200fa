import CovgateKit
import Foundation
import Mutation
import XCTest

/// Every option a mutation error's hint names is an option `covgate mutate --help` lists: a hint
/// never sends a user to a flag that does not exist (it once said `--files PATH...`).
final class MutationHintEndToEndTests: XCTestCase {
  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
  }

  func testEveryOptionAHintNamesIsMutatesOwn() throws {
    let flags = try CovgateHelp.of(["mutate"]).flags
    let runFlags = try CovgateHelp.of(["run"]).flags
    let errors: [MutationError] = [
      .noScope, .noTestMap, .buildFailed("error: x"), .notAFile("Sources/Nope.swift"),
      .notMeasured("Tests/ATests/A.swift"), .notGated("Sources/AppUI/View.swift", layer: "ui-glue"),
    ]
    var named = 0
    for error in errors {
      let text = error.description
      let options = text.matches(of: /--[a-z][a-z-]*/).map { String($0.output) }
      // An option after `covgate run` is run's; every other is mutate's.
      let known = text.contains("covgate run --") ? flags.union(runFlags) : flags
      for option in options {
        named += 1
        XCTAssertTrue(known.contains(option), "\(option) in: \(text)")
      }
    }
    XCTAssertGreaterThanOrEqual(named, 5, "the hints name the scope options")
  }
}
