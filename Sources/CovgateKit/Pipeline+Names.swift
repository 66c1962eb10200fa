import CoverageModel

extension Pipeline {
  /// Readable names for what the report shows by name, asked of the demangler once, after the
  /// gate: the functions of the kept files (for the formats that list them) and the riskiest
  /// functions the text report lists. The functions of tests and dependencies, scoped out, are
  /// never demangled.
  func name(_ report: inout CoverageReport) {
    let showsFunctions = settings.formats.contains(where: \.needsFunctions)
    let shown = report.riskiestFunctionIndexes(limit: CoverageReport.riskTableLength)
    var wanted: [String] = []
    if showsFunctions {
      for file in report.files { wanted += file.coverage.functions.map(\.name) }
    }
    wanted += shown.prefix(CoverageReport.riskListLength).map {
      report.files[$0.file].coverage.risks[$0.risk].name
    }
    guard !wanted.isEmpty else { return }
    let readable = services.acquisition.demangle(
      Array(Set(wanted)).sorted(), cacheFolder: settings.cacheFolder)
    if showsFunctions {
      for file in report.files.indices {
        for function in report.files[file].coverage.functions.indices {
          let name = report.files[file].coverage.functions[function].name
          if let name = readable[name] {
            report.files[file].coverage.functions[function].displayName = name
          }
        }
      }
    }
    for (file, risk) in shown {
      if let name = readable[report.files[file].coverage.risks[risk].name] {
        report.files[file].coverage.risks[risk].displayName = name
      }
    }
  }
}
