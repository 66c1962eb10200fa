import CoverageGate
import CoverageModel
import CovgateSupport
import LLVMCoverage

extension Pipeline {
  /// What the acquired coverage is read with: function records and line views only when the
  /// formats, the merge, patch coverage, the exclusion markers, derived branches (sources on
  /// disk to derive them from) or the acquisition itself need them.
  func readOptions(_ acquired: AcquiredCoverage, hasMarkers: Bool, package: PackageInfo)
    -> ExportReader.Options
  {
    ExportReader.Options(
      functions: acquired.needs.functions || derivesBranches(package)
        || settings.readsFunctions(exportCount: acquired.exportCount, hasMarkers: hasMarkers),
      lineViews: acquired.needs.lineViews || settings.keepsLineViews(hasMarkers: hasMarkers))
  }

  /// Reads the exports once, merging several; functions are attached to their files for the
  /// formats that show them (named after the gate, `name(_:)`).
  func ingest(_ paths: [String], options: ExportReader.Options) throws -> CoverageData {
    let exports = try paths.map { ($0, try ExportReader.read(path: $0, options: options)) }
    var data = try ExportMerger.merge(exports)
    if settings.formats.contains(where: \.needsFunctions) {
      FileDetails.attach(to: &data)
    }
    return data
  }
}
