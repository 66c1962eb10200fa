import CoverageGate
import CoverageModel
import LLVMCoverage

extension Pipeline {
  /// What the exports are read with: function records and line views only when the formats,
  /// the merge, patch coverage, the exclusion markers or derived branches (sources on disk to
  /// derive them from) need them.
  func readOptions(_ exportCount: Int, markers: Bool, package: PackageInfo) -> ExportReader.Options
  {
    ExportReader.Options(
      functions: derivesBranches(package)
        || settings.readsFunctions(exportCount: exportCount, hasMarkers: markers),
      lineViews: settings.keepsLineViews(hasMarkers: markers))
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
