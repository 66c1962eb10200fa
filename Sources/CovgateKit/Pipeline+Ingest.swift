import CoverageGate
import CoverageModel
import LLVMCoverage

extension Pipeline {
  /// Reads the exports once, merging several, with function records and line views only when
  /// the formats, the merge, patch coverage or the exclusion markers need them; functions are
  /// attached to their files for formats that show them, with the names already cached. The
  /// function records of files the gate leaves out are set aside first once `scope` knows them.
  func ingest(
    _ paths: [String], hasMarkers: Bool, functions: Bool = false, scope: ScopeAhead? = nil
  ) throws -> CoverageData {
    let options = ExportReader.Options(
      functions: functions
        || settings.readsFunctions(exportCount: paths.count, hasMarkers: hasMarkers),
      lineViews: settings.keepsLineViews(hasMarkers: hasMarkers))
    let exports = try paths.map { ($0, try read($0, options: options)) }
    var data = try ExportMerger.merge(exports)
    if let setAside = scope?.removeFunctionsLeftOut(of: &data, pathMaps: settings.pathMaps),
      !setAside.isEmpty
    {
      Discard.onAnotherThread(setAside)
    }
    if settings.formats.contains(where: \.needsFunctions) {
      // The cached names are looked up on the other core while functions are attached to
      // files; what the cache lacks is demangled once the files are scoped (`nameFunctions`).
      let functionNames = data.functions.map(\.name)
      let acquisition = services.acquisition
      let cacheFolder = settings.cacheFolder
      let names = Background {
        acquisition.cachedNames(functionNames, cacheFolder: cacheFolder)
      }
      let records = FileDetails.attach(to: &data)
      FileDetails.name(&data, records: records, readable: try names.value())
    }
    return data
  }

  /// The export at `path`: the one read ahead if it was read with `options`, else read now.
  private func read(_ path: String, options: ExportReader.Options) throws -> CoverageData {
    if let data = try settings.readAhead?.take(path: path, options: options) { return data }
    return try ExportReader.read(path: path, options: options)
  }

  /// Readable names for the functions of the files the report keeps that the cache lacked
  /// (a first run): the functions of tests and dependencies, scoped out, are never demangled.
  func nameFunctions(_ report: inout CoverageReport) {
    guard settings.formats.contains(where: \.needsFunctions) else { return }
    var places: [(file: Int, function: Int)] = []
    for (file, scoped) in report.files.enumerated() {
      for (function, coverage) in scoped.coverage.functions.enumerated()
      where coverage.lacksReadableName {
        places.append((file, function))
      }
    }
    guard !places.isEmpty else { return }
    let readable = services.acquisition.readableNames(
      places.map { report.files[$0.file].coverage.functions[$0.function].name },
      cacheFolder: settings.cacheFolder)
    for (place, name) in zip(places, readable) {
      report.files[place.file].coverage.functions[place.function].displayName = name
    }
  }
}

extension FunctionCoverage {
  /// Whether the function has only its mangled name (not found in the name cache).
  var lacksReadableName: Bool { displayName == name }
}
