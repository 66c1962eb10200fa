import CoverageModel
import Foundation

/// `covgate.json`: the machine-readable report (schema in `docs/covgate-report.schema.json`).
public struct JSONReport: ReportRenderer {
  public static let fileName = "covgate.json"
  public static let schemaVersion = 1

  public init() {}

  public func render(_ report: CoverageReport) throws -> [RenderedFile] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(Document(report))
    return [RenderedFile(path: Self.fileName, contents: String(decoding: data, as: UTF8.self) + "\n")]
  }

  struct Document: Encodable {
    var schemaVersion = JSONReport.schemaVersion
    var package: String
    var totals: SummaryJSON
    var layers: [LayerJSON]
    var files: [FileJSON]
    var targetsWithoutData: [TargetWithoutData]
    var excludedFiles: [ExcludedFile]
    var gate: GateJSON
    var tests: TestOutcome?
    var patch: PatchJSON?
    var exclusions: [Exclusion]

    init(_ report: CoverageReport) {
      package = report.packageName
      totals = SummaryJSON(report.totals)
      layers = report.layers.map(LayerJSON.init)
      files = report.files.map(FileJSON.init)
      targetsWithoutData = report.targetsWithoutData
      excludedFiles = report.excludedFiles
      gate = GateJSON(passed: report.gate.passed, verdicts: report.gate.verdicts.map(VerdictJSON.init))
      tests = report.tests
      patch = report.patch.map(PatchJSON.init)
      exclusions = report.exclusions
    }
  }

  struct PatchJSON: Encodable {
    var base: String
    var baseCommit: String
    var lines: MetricJSON
    var files: [PatchFileJSON]
    var unmeasured: [ExcludedFile]

    init(_ patch: PatchCoverage) {
      base = patch.base
      baseCommit = patch.baseCommit
      lines = MetricJSON(patch.lines)
      files = patch.files.map {
        PatchFileJSON(path: $0.path, lines: MetricJSON($0.lines), changedLines: $0.changedLines, uncoveredLines: $0.uncoveredLines)
      }
      unmeasured = patch.unmeasured
    }
  }

  struct PatchFileJSON: Encodable {
    var path: String
    var lines: MetricJSON
    var changedLines: [Int]
    var uncoveredLines: [Int]
  }

  struct MetricJSON: Encodable {
    var covered: Int
    var count: Int
    /// Truncated to two decimals; `null` when there is nothing to measure.
    var percent: Double?

    init(_ metric: Metric) {
      covered = metric.covered
      count = metric.count
      percent = metric.truncatedPercent
    }

    func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(covered, forKey: .covered)
      try container.encode(count, forKey: .count)
      try container.encode(percent, forKey: .percent)
    }

    enum CodingKeys: String, CodingKey { case covered, count, percent }
  }

  struct SummaryJSON: Encodable {
    var lines, functions, instantiations, regions, branches: MetricJSON

    init(_ summary: Summary) {
      lines = MetricJSON(summary.lines)
      functions = MetricJSON(summary.functions)
      instantiations = MetricJSON(summary.instantiations)
      regions = MetricJSON(summary.regions)
      branches = MetricJSON(summary.branches)
    }
  }

  struct LayerJSON: Encodable {
    var name: String
    var gated: Bool
    var thresholds: [String: Threshold]
    var totals: SummaryJSON
    var targets: [TargetJSON]

    init(_ layer: LayerReport) {
      name = layer.name
      gated = layer.gated
      thresholds = Dictionary(uniqueKeysWithValues: layer.thresholds.map { ($0.key.rawValue, $0.value) })
      totals = SummaryJSON(layer.totals)
      targets = layer.targets.map { TargetJSON(name: $0.name, files: $0.fileCount, totals: SummaryJSON($0.totals)) }
    }
  }

  struct TargetJSON: Encodable {
    var name: String
    var files: Int
    var totals: SummaryJSON
  }

  struct FileJSON: Encodable {
    var path: String
    var target: String
    var layer: String
    var summary: SummaryJSON

    init(_ file: ScopedFile) {
      path = file.path
      target = file.target
      layer = file.layer
      summary = SummaryJSON(file.summary)
    }
  }

  struct GateJSON: Encodable {
    var passed: Bool
    var verdicts: [VerdictJSON]
  }

  struct VerdictJSON: Encodable {
    var rule: String
    var scopeKind: String
    var scope: String
    var metric: String?
    var actual: MetricJSON?
    var required: Double?
    var status: String
    var message: String

    init(_ verdict: Verdict) {
      rule = verdict.rule.rawValue
      scopeKind = verdict.scopeKind.rawValue
      scope = verdict.scope
      metric = verdict.metric?.rawValue
      actual = verdict.actual.map(MetricJSON.init)
      required = verdict.required
      status = verdict.status.rawValue
      message = verdict.message
    }

    func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(rule, forKey: .rule)
      try container.encode(scopeKind, forKey: .scopeKind)
      try container.encode(scope, forKey: .scope)
      try container.encode(metric, forKey: .metric)
      try container.encode(actual, forKey: .actual)
      try container.encode(required, forKey: .required)
      try container.encode(status, forKey: .status)
      try container.encode(message, forKey: .message)
    }

    enum CodingKeys: String, CodingKey { case rule, scopeKind, scope, metric, actual, required, status, message }
  }
}

