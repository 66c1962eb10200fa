import CoverageGate
import CoverageModel
import CovgateSupport
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

  /// The exports read while the package's sources are (`readSources`): the one overlap of
  /// the pipeline, each on its own core. The exports are read as for sources without exclusion
  /// markers, which only some packages have; where the markers need more of the exports (every
  /// file's lines), they are read again with it.
  func ingestReadingSources(_ paths: [String], described: PackageInfo) throws -> (
    CoverageData, PackageInfo, [String: [ExclusionMarker]]
  ) {
    let options = readOptions(paths.count, markers: false, package: described)
    let reading = Background { [self] in try ingest(paths, options: options) }
    let package: PackageInfo
    let markers: [String: [ExclusionMarker]]
    do {
      (package, markers) = try readSources(described)
    } catch {
      // The sources' error is the run's; the reading ends before the run does.
      _ = try? reading.take()
      throw error
    }
    let needed = readOptions(paths.count, markers: !markers.isEmpty, package: package)
    guard needed != options else { return (try reading.take(), package, markers) }
    _ = try? reading.take()
    return (try ingest(paths, options: needed), package, markers)
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
