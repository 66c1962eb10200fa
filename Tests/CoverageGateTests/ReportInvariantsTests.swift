import CoverageModel
import Foundation
import LLVMCoverage
import XCTest

@testable import CoverageGate

final class ReportInvariantsTests: XCTestCase {
  private func report() throws -> CoverageReport {
    try Gate.evaluate(
      GateInput(data: TestPackage.data, package: TestPackage.package, config: .defaults))
  }

  func testAnEvaluatedReportKeepsThem() throws {
    XCTAssertNoThrow(try ReportInvariants.check(try report()))
  }

  func testEachBrokenRuleIsRefused() throws {
    var climbing = try report()
    climbing.files[0].path = "Sources/Core/../../x.swift"
    var absolute = try report()
    absolute.files[0].path = "/etc/x.swift"
    var unsorted = try report()
    unsorted.files.swapAt(0, 1)
    var overCovered = try report()
    overCovered.files[0].coverage.summary.lines = Metric(covered: 5, count: 2)
    var wrongTotal = try report()
    wrongTotal.totals.lines.count += 1
    var wrongLayer = try report()
    wrongLayer.layers[0].totals.regions.covered += 1
    var countedTwice = try report()
    countedTwice.layers[0].targets[0].fileCount += 1
    for (name, broken) in [
      ("climbing", climbing), ("absolute", absolute), ("unsorted", unsorted),
      ("over-covered", overCovered),
      ("total", wrongTotal), ("layer", wrongLayer), ("file count", countedTwice),
    ] {
      XCTAssertThrowsError(try ReportInvariants.check(broken), name) { error in
        XCTAssertTrue(error is InvariantViolation, "\(name): \(error)")
        XCTAssertFalse("\(error)".contains("\n"))
      }
    }
  }
}

/// Exports saved by the invariants fuzzer (and every other saved export), evaluated as that
/// fuzzer evaluates them (`Fuzz/Sources/InvariantsFuzzer/InvariantSetup.swift`): each is refused
/// with an input error or gives a report that keeps the invariants.
final class InvariantRegressionTests: XCTestCase {
  private let package = PackageInfo(
    name: "Fuzz", root: "/pkg",
    targets: [
      TargetInfo(
        name: "App", kind: .executable, path: "Sources/App",
        sources: ["Sources/App/Shapes.swift", "Sources/App/main.swift"]),
      TargetInfo(
        name: "AppTests", kind: .test, path: "Tests/AppTests", sources: [], dependencies: ["App"]),
    ])

  func testSavedExportsGiveReportsThatKeepTheInvariants() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fuzz/Regressions/export").standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    XCTAssertFalse(names.isEmpty)
    for name in names {
      let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
      guard let data = try? ExportReader.parse(bytes, source: name, options: .init(functions: true))
      else { continue }
      for markers in [false, true] {
        let input = GateInput(
          data: data, package: package, config: .defaults,
          pathMaps: [PathMap(old: "/src", new: "/pkg/Sources/App")],
          markers: markers
            ? [
              "Sources/App/Shapes.swift": [
                ExclusionMarker(lines: 14...17, reason: "fuzz", markerLine: 13)
              ]
            ] : [:])
        do {
          _ = try Gate.evaluate(input)
        } catch {
          XCTAssertFalse(error is InvariantViolation, "\(name): \(error)")
        }
      }
    }
  }
}
