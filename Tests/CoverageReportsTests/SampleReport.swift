import CoverageModel

/// A report built by hand: 2 layers, 3 targets with data and 1 without, 4 files, 1 excluded
/// file, and a passed, a warning and a failed verdict.
enum SampleReport {
  static func summary(
    lines: (Int, Int), functions: (Int, Int), instantiations: (Int, Int), regions: (Int, Int)
  ) -> Summary {
    Summary(
      lines: Metric(covered: lines.0, count: lines.1),
      functions: Metric(covered: functions.0, count: functions.1),
      instantiations: Metric(covered: instantiations.0, count: instantiations.1),
      regions: Metric(covered: regions.0, count: regions.1))
  }

  static let root = "/work/demo"

  static func file(_ path: String, _ target: String, _ layer: String, _ summary: Summary)
    -> ScopedFile
  {
    ScopedFile(
      path: path, target: target, layer: layer,
      coverage: FileCoverage(path: root + "/" + path, summary: summary))
  }

  static let engine = file(
    "Sources/Core/Engine.swift", "Core", "logic",
    summary(lines: (120, 150), functions: (20, 22), instantiations: (20, 22), regions: (60, 80)))
  static let store = file(
    "Sources/Core/Store.swift", "Core", "logic",
    summary(lines: (30, 50), functions: (6, 10), instantiations: (6, 10), regions: (12, 25)))
  static let lexer = file(
    "Sources/Parser/Lexer.swift", "Parser", "logic",
    summary(lines: (40, 100), functions: (8, 12), instantiations: (9, 14), regions: (20, 45)))
  static let main = file(
    "Sources/DemoApp/main.swift", "DemoApp", "ui-glue",
    summary(lines: (0, 30), functions: (0, 4), instantiations: (0, 4), regions: (0, 8)))

  /// Core: Engine + Store.
  static let core = summary(
    lines: (150, 200), functions: (26, 32), instantiations: (26, 32), regions: (72, 105))
  static let parser = lexer.summary
  /// logic: Core + Parser.
  static let logic = summary(
    lines: (190, 300), functions: (34, 44), instantiations: (35, 46), regions: (92, 150))
  static let uiGlue = main.summary
  /// logic + ui-glue.
  static let totals = summary(
    lines: (190, 330), functions: (34, 48), instantiations: (35, 50), regions: (92, 158))

  static let logicThresholds: Thresholds = [.lines: Threshold(minimum: 60, target: 70)]

  static let shim = TargetWithoutData(
    name: "CShim", layer: "logic", path: "Sources/CShim", sourceFiles: 2, sourceLines: 48,
    reason: "C-family target: SwiftPM does not instrument it")

  static let verdicts = [
    Verdict(
      rule: .minimum, scopeKind: .layer, scope: "logic", metric: .lines, actual: logic.lines,
      required: 60,
      status: .passed, message: "logic: lines 63.33% (190/300) meets the minimum 60%"),
    Verdict(
      rule: .target, scopeKind: .layer, scope: "logic", metric: .lines, actual: logic.lines,
      required: 70,
      status: .warning, message: "logic: lines 63.33% (190/300) is below the target 70%"),
    Verdict(
      rule: .fileMinimum, scopeKind: .file, scope: "Sources/Parser/Lexer.swift", metric: .lines,
      actual: lexer.summary.lines, required: 50, status: .failed,
      message: "Sources/Parser/Lexer.swift: lines 40.00% (40/100) is below the file minimum 50%"),
    Verdict(
      rule: .targetWithoutData, scopeKind: .target, scope: "CShim", metric: nil, actual: nil,
      required: nil,
      status: .warning,
      message:
        "logic: target CShim has no coverage data (2 files, 48 lines): C-family target: SwiftPM does not instrument it"
    ),
  ]

  static let report = CoverageReport(
    packageName: "Demo", packageRoot: root, totals: totals,
    layers: [
      LayerReport(
        name: "logic", gated: true, thresholds: logicThresholds, totals: logic,
        targets: [
          TargetReport(name: "Core", totals: core, fileCount: 2),
          TargetReport(name: "Parser", totals: parser, fileCount: 1),
        ]),
      LayerReport(
        name: "ui-glue", gated: false, thresholds: [:], totals: uiGlue,
        targets: [TargetReport(name: "DemoApp", totals: uiGlue, fileCount: 1)]),
    ],
    files: [engine, store, main, lexer].sorted { $0.path < $1.path },
    targetsWithoutData: [shim],
    excludedFiles: [
      ExcludedFile(path: "Tests/CoreTests/EngineTests.swift", reason: "test target CoreTests")
    ],
    gate: GateResult(verdicts: verdicts), capabilities: .llvmCov)
}
