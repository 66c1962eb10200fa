import CoverageGate
import CoverageModel

/// The package the fuzzed export is scoped to: the export's `/src` files mapped into one target,
/// optionally with an exclusion marker (so that figures are recomputed from function records).
/// `Tests/CoverageGateTests/InvariantRegressionTests.swift` evaluates saved exports the same way.
enum InvariantSetup {
  static let package = PackageInfo(
    name: "Fuzz", root: "/pkg",
    targets: [
      TargetInfo(
        name: "App", kind: .executable, path: "Sources/App",
        sources: ["Sources/App/Shapes.swift", "Sources/App/main.swift"]),
      TargetInfo(
        name: "AppTests", kind: .test, path: "Tests/AppTests", sources: [], dependencies: ["App"]),
    ])

  static func input(_ data: CoverageData, markers: Bool) -> GateInput {
    GateInput(
      data: data, package: package, config: .defaults,
      pathMaps: [PathMap(old: "/src", new: "/pkg/Sources/App")],
      markers: markers
        ? [
          "Sources/App/Shapes.swift": [
            ExclusionMarker(lines: 14...17, reason: "fuzz", markerLine: 13)
          ]
        ] : [:])
  }
}
