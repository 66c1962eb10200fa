import CoverageModel
import CoverageReports

/// A report shaped like a large real package's (swift-collections'): deep folders, long target
/// names, long function names without spaces, a per-test map with long test IDs, a change, and a
/// failing gate with layer and per-file verdicts. Its pages are as wide as real ones get, for
/// the layout checks.
enum HTMLWideSample {
  static let target = "InternalCollectionsUtilities"
  static let folders = [
    "Sources/InternalCollectionsUtilities/UnsafeBufferPointer+Extras",
    "Sources/HashTreeCollections/HashNode/Structural Algebra",
    "Sources/RopeModule/BigString/Conformances",
  ]

  /// Per folder, four files; the first of all is the detailed one.
  static let paths = folders.flatMap { folder in
    (1...4).map { "\(folder)/_UnsafeWrappedBuffer+ExtraordinarilyLongName\($0).swift" }
  }

  static let functionNames = (1...8).map {
    "static _HashNode.UnsafeHandle.dump(iterationOrder:limit:extra:firstPrefix:restPrefix:depth\($0):)"
  }

  /// Twenty lines per function, the first line declaring it.
  static let source = functionNames.indices.map { index in
    "func function\(index)(_ value: Int) -> Int {\n"
      + String(
        repeating: "  let computed = value &* 31 &+ 7 // a line of ordinary length\n", count: 18)
      + "}\n"
  }.joined()

  static let testIDs = (1...12).map {
    "CollectionsTestSupportTests.MinimalTypeConformancesTests/testMinimalBidirectionalCollectionConformance\($0)"
  }

  static func summary(_ covered: Int) -> Summary {
    SampleReport.summary(
      lines: (covered, 160), functions: (covered / 20, 8), instantiations: (covered / 20, 8),
      regions: (covered / 2, 80))
  }

  static func file(_ path: String, covered: Int) -> ScopedFile {
    let counts: [UInt64?] = (1...160).map { $0 <= covered ? 3 : 0 }
    return ScopedFile(
      path: path, target: target, layer: "logic",
      coverage: FileCoverage(
        path: SampleReport.root + "/" + path, summary: summary(covered),
        lineView: LineView(counts: [nil] + counts),
        functions: functionNames.enumerated().map { index, name in
          FunctionCoverage(
            name: "$s\(index)", displayName: name, line: index * 20 + 1, column: 1,
            count: index * 20 < covered ? 3 : 0)
        }))
  }

  static var report: CoverageReport {
    let files = paths.enumerated().map { file($1, covered: $0 * 13) }
    var report = SampleReport.report
    report.files = files
    let map = TestMap(
      commit: "0123456", binaries: [],
      tests: testIDs.map {
        TestCaseResult(id: $0, library: .xctest, status: .passed, seconds: 0.01)
      },
      functions: files.flatMap { file in
        file.coverage.functions.map {
          TestMap.Function(
            name: $0.name, file: file.path, firstLine: $0.line, lastLine: $0.line + 19)
        }
      },
      ran: testIDs.indices.map { test in
        Array(0..<(paths.count * functionNames.count)).filter { $0 % 3 == test % 3 }
      })
    report.testMap = map
    report.patch = PatchCoverage(
      base: "origin/main", baseCommit: "0123456789abcdef", lines: Metric(covered: 2, count: 40),
      files: [
        PatchFile(
          path: paths[3], changedLines: Array(20...59), lines: Metric(covered: 2, count: 40),
          uncoveredLines: Array(22...59))
      ],
      unmeasured: [])
    report.gate.verdicts += files.map { file in
      Verdict(
        rule: .fileMinimum, scopeKind: .file, scope: file.path, metric: .lines,
        actual: file.summary.lines,
        required: 50,
        status: file.summary.lines.covered * 2 < file.summary.lines.count ? .failed : .passed,
        message:
          "\(file.path): lines \(file.summary.lines.formattedPercent) against the file minimum 50%")
    }
    return report
  }

  /// Every page of the report, its sources available.
  static func render() -> [RenderedFile] {
    HTMLReport(
      sources: StubSources(files: Dictionary(uniqueKeysWithValues: paths.map { ($0, source) }))
    )
    .render(report)
  }
}
