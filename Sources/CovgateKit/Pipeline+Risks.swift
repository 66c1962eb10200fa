import CoverageModel

extension Pipeline {
  /// Readable names for the functions the reports list by risk: those the formats already
  /// demangled, and the text report's few demangled now (only those: a run without function
  /// formats stays fast). Names are looked for in the risk's own file first, then in all files.
  /// In place: the report's files are not copied to name a hundred of their functions.
  func nameRisks(_ report: inout CoverageReport) {
    let shown = report.riskiestFunctionIndexes(limit: CoverageReport.riskTableLength)
    guard !shown.isEmpty else { return }
    var names: [String: String] = [:]
    var unknown: [String] = []
    for (file, risk) in shown {
      let name = report.files[file].coverage.risks[risk].name
      if let readable = Self.readableName(name, in: report.files[file]) {
        names[name] = readable
      } else {
        unknown.append(name)
      }
    }
    if !unknown.isEmpty {
      let wanted = Set(unknown)
      for file in report.files {
        for function in file.coverage.functions
        where function.displayName != function.name && wanted.contains(function.name) {
          names[function.name] = function.displayName
        }
      }
    }
    let listed = shown.prefix(CoverageReport.riskListLength).map {
      report.files[$0.file].coverage.risks[$0.risk].name
    }
    let missing = listed.filter { names[$0] == nil }
    if !missing.isEmpty {
      names.merge(services.acquisition.demangle(missing, cacheFolder: settings.cacheFolder)) { $1 }
    }
    for (file, risk) in shown {
      if let readable = names[report.files[file].coverage.risks[risk].name] {
        report.files[file].coverage.risks[risk].displayName = readable
      }
    }
  }

  /// The readable name a format gave function `name` in `file`, if any.
  private static func readableName(_ name: String, in file: ScopedFile) -> String? {
    file.coverage.functions.first { $0.name == name && $0.displayName != $0.name }?.displayName
  }
}
