import CoverageGate
import CoverageModel
import LLVMCoverage

extension Pipeline {
  /// Reads the exports once, merging several, with function records and line views only when
  /// the formats, the merge, patch coverage or the exclusion markers need them; names are
  /// demangled for formats that show them.
  func ingest(_ paths: [String], hasMarkers: Bool, functions: Bool = false) throws
    -> CoverageData
  {
    let options = ExportReader.Options(
      functions: functions
        || settings.readsFunctions(exportCount: paths.count, hasMarkers: hasMarkers),
      lineViews: settings.keepsLineViews(hasMarkers: hasMarkers))
    let exports = try paths.map { ($0, try ExportReader.read(path: $0, options: options)) }
    var data = try ExportMerger.merge(exports)
    if settings.formats.contains(where: \.needsFunctions) {
      // The names are demangled on the other core while functions are attached to files.
      let functionNames = data.functions.map(\.name)
      let acquisition = services.acquisition
      let cacheFolder = settings.cacheFolder
      let names = Background {
        acquisition.readableNames(functionNames, cacheFolder: cacheFolder)
      }
      let records = FileDetails.attach(to: &data)
      FileDetails.name(&data, records: records, readable: try names.value())
    }
    return data
  }
}
