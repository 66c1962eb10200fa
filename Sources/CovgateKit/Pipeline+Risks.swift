import CoverageModel

extension Pipeline {
  /// Readable names for the functions ranked by risk: those the formats already demangled,
  /// and the listed ones demangled now (only those: a run without function formats stays fast).
  func namingRisks(_ report: CoverageReport) -> CoverageReport {
    let listed = report.riskiestFunctions(limit: CoverageReport.riskListLength).map(\.risk.name)
    guard !listed.isEmpty else { return report }
    var names: [String: String] = [:]
    for file in report.files {
      for function in file.coverage.functions where function.displayName != function.name {
        names[function.name] = function.displayName
      }
    }
    let missing = listed.filter { names[$0] == nil }
    if !missing.isEmpty {
      names.merge(services.acquisition.demangle(missing, cacheFolder: settings.cacheFolder)) { $1 }
    }
    var named = report
    for file in named.files.indices {
      for index in named.files[file].coverage.risks.indices {
        let name = named.files[file].coverage.risks[index].name
        if let readable = names[name] {
          named.files[file].coverage.risks[index].displayName = readable
        }
      }
    }
    return named
  }
}
