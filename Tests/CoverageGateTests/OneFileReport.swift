import CoverageModel

/// A report of one file, `Sources/Core/A.swift` of layer `logic`, with the given function
/// figures: what the per-function rules read.
func oneFileReport(risks: [FunctionRisk], derived: Bool = true, gated: Bool = true)
  -> CoverageReport
{
  var file = ScopedFile(
    path: "Sources/Core/A.swift", target: "Core", layer: "logic",
    coverage: FileCoverage(path: "/work/pkg/Sources/Core/A.swift", summary: Summary()))
  file.coverage.branches = derived ? DerivedBranches() : nil
  file.coverage.risks = risks
  return CoverageReport(
    packageName: "P", packageRoot: "/work/pkg", totals: Summary(),
    layers: [
      LayerReport(name: "logic", gated: gated, thresholds: [:], totals: Summary(), targets: [])
    ],
    files: [file], targetsWithoutData: [], excludedFiles: [], gate: GateResult(verdicts: []),
    capabilities: .llvmCov)
}
