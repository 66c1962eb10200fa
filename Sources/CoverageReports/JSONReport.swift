import CoverageModel

/// `covgate.json`: the machine-readable report (schema in `docs/covgate-report.schema.json`).
///
/// Written by `JSONWriter` straight into bytes, keys in sorted order: a report of thousands of
/// files costs its output's size in memory and nothing more.
public struct JSONReport: ReportRenderer {
  public static let fileName = "covgate.json"
  public static let schemaVersion = 1

  public init() {}

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    var json = JSONWriter()
    let derived = report.derivesBranches
    json.object { json in
      json.key("excludedFiles")
      json.array(report.excludedFiles, Self.excludedFile)
      json.key("exclusions")
      json.array(report.exclusions, Self.exclusion)
      json.key("files")
      let testCounts = report.testMap?.testCountByFile()
      json.array(concurrently: report.files) { json, file in
        Self.file(&json, file, tests: testCounts.map { $0[file.path] ?? 0 })
      }
      json.key("gate")
      json.object { json in
        json.key("passed")
        json.bool(report.gate.passed)
        json.key("verdicts")
        json.array(report.gate.verdicts, Self.verdict)
      }
      if !report.inputNotes.isEmpty {
        json.key("inputNotes")
        json.array(report.inputNotes) { $0.string($1) }
      }
      json.key("layers")
      json.array(report.layers) { Self.layer(&$0, $1, derived: derived) }
      json.key("package")
      json.string(report.packageName)
      if let patch = report.patch {
        json.key("patch")
        Self.patch(&json, patch)
      }
      json.key("schemaVersion")
      json.int(Self.schemaVersion)
      json.key("source")
      json.string(report.capabilities.source.id)
      json.key("targetsWithoutData")
      json.array(report.targetsWithoutData, Self.targetWithoutData)
      if let tests = report.tests {
        json.key("tests")
        Self.tests(&json, tests)
      }
      json.key("totals")
      Self.summary(&json, report.totals, derived: derived)
      if let varying = report.varying {
        json.key("varyingCoverage")
        json.object { json in
          json.key("files")
          json.array(varying.files) { json, file in
            json.object { json in
              json.key("functions")
              json.array(file.functions) { $0.string($1) }
              json.key("lines")
              json.array(file.lines) { $0.int($1) }
              json.key("path")
              json.string(file.path)
            }
          }
          json.key("runs")
          json.int(varying.runs)
        }
      }
    }
    return [RenderedFile(path: Self.fileName, parts: json.finishParts())]
  }

  private static func tests(_ json: inout JSONWriter, _ tests: TestOutcome) {
    json.object { json in
      json.key("exitCode")
      json.int(tests.exitCode)
      if !tests.failures.isEmpty {
        json.key("failures")
        json.array(tests.failures) { json, failure in
          json.object { json in
            if let location = failure.location {
              json.key("location")
              json.string(location)
            }
            json.key("message")
            json.string(failure.message)
            json.key("test")
            json.string(failure.test)
          }
        }
      }
      json.key("passed")
      json.bool(tests.passed)
      json.key("recovered")
      json.array(tests.recovered) { $0.string($1) }
      json.key("results")
      json.array(tests.results) { $0.testResult($1) }
    }
  }

  /// `tests`: how many tests ran the file, after a per-test run.
  private static func file(_ json: inout JSONWriter, _ file: ScopedFile, tests: Int?) {
    json.object { json in
      if let branches = file.coverage.branches {
        json.key("branches")
        Self.branches(&json, branches, functions: file.coverage.functions)
      }
      json.key("layer")
      json.string(file.layer)
      json.key("path")
      json.string(file.path)
      if file.coverage.branches != nil {
        json.key("risks")
        json.array(file.coverage.risks, Self.risk)
      }
      json.key("summary")
      summary(&json, file.summary, derived: file.coverage.branches != nil)
      json.key("target")
      json.string(file.target)
      if let tests {
        json.key("tests")
        json.int(tests)
      }
    }
  }

  /// The metrics in key order, sorted once.
  private static let sortedMetricKinds = MetricKind.allCases.sorted { $0.rawValue < $1.rawValue }

  /// `derived`: the branches were derived from the sources (Swift emits none of its own).
  private static func summary(_ json: inout JSONWriter, _ summary: Summary, derived: Bool) {
    json.object { json in
      for kind in sortedMetricKinds {
        json.key(kind.rawValue)
        metric(&json, summary[kind], derived: kind == .branches && derived)
      }
    }
  }

  /// Covered, count and the percent truncated to two decimals (`null` with nothing to measure).
  private static func metric(_ json: inout JSONWriter, _ metric: Metric, derived: Bool = false) {
    json.object { json in
      json.key("count")
      json.int(metric.count)
      json.key("covered")
      json.int(metric.covered)
      if derived {
        json.key("derived")
        json.bool(true)
      }
      json.key("percent")
      json.optional(metric.truncatedPercent) { $0.double($1) }
    }
  }

  /// A function's complexity, coverage and risk score (to two decimals, truncated). The name is
  /// the mangled one, so that the file does not depend on which names another format demangled.
  private static func risk(_ json: inout JSONWriter, _ risk: FunctionRisk) {
    json.object { json in
      json.key("complexity")
      json.int(risk.complexity)
      json.key("line")
      json.int(risk.line)
      json.key("name")
      json.string(risk.name)
      json.key("regions")
      metric(&json, risk.regions)
      json.key("score")
      json.double((risk.score * 100).rounded(.down) / 100)
    }
  }

  /// A file's decisions with their outcomes, and where a decision could not be derived (with the
  /// function it is in, by name, when the file's functions were read).
  private static func branches(
    _ json: inout JSONWriter, _ branches: DerivedBranches, functions: [FunctionCoverage]
  ) {
    json.object { json in
      json.key("decisions")
      json.array(branches.decisions) { json, decision in
        json.object { json in
          json.key("column")
          json.int(decision.location.column)
          json.key("kind")
          json.string(decision.kind.rawValue)
          json.key("line")
          json.int(decision.location.line)
          json.key("outcomes")
          json.array(decision.outcomes) { json, outcome in
            json.object { json in
              json.key("count")
              json.int(outcome.count)
              json.key("label")
              json.string(outcome.label)
              json.key("line")
              json.int(outcome.line)
            }
          }
          json.key("reached")
          json.int(decision.reached)
        }
      }
      json.key("notDerivable")
      json.array(branches.notDerivable) { json, entry in
        json.object { json in
          json.key("column")
          json.int(entry.location.column)
          json.key("contradicted")
          json.bool(entry.contradicted)
          if let function = functions.starting(atOrBefore: entry.location) {
            json.key("function")
            json.string(function.displayName)
          }
          json.key("kind")
          json.string(entry.kind.rawValue)
          json.key("line")
          json.int(entry.location.line)
          json.key("reason")
          json.string(entry.reason)
        }
      }
    }
  }

  private static func layer(_ json: inout JSONWriter, _ layer: LayerReport, derived: Bool) {
    json.object { json in
      json.key("gated")
      json.bool(layer.gated)
      json.key("name")
      json.string(layer.name)
      json.key("targets")
      json.array(layer.targets) { json, target in
        json.object { json in
          json.key("files")
          json.int(target.fileCount)
          json.key("name")
          json.string(target.name)
          json.key("totals")
          summary(&json, target.totals, derived: derived)
        }
      }
      json.key("thresholds")
      json.object { json in
        for (kind, threshold) in layer.thresholds.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        {
          json.key(kind.rawValue)
          json.object { json in
            if let cap = threshold.maxUncovered {
              json.key("maxUncovered")
              json.int(cap)
            }
            if let minimum = threshold.minimum {
              json.key("minimum")
              json.double(minimum)
            }
            if let target = threshold.target {
              json.key("target")
              json.double(target)
            }
          }
        }
      }
      json.key("totals")
      summary(&json, layer.totals, derived: derived)
    }
  }

  private static func verdict(_ json: inout JSONWriter, _ verdict: Verdict) {
    json.object { json in
      json.key("actual")
      json.optional(verdict.actual) { metric(&$0, $1) }
      if let line = verdict.line {
        json.key("line")
        json.int(line)
      }
      json.key("message")
      json.string(verdict.message)
      json.key("metric")
      json.optional(verdict.metric) { $0.string($1.rawValue) }
      json.key("required")
      json.optional(verdict.required) { $0.double($1) }
      json.key("rule")
      json.string(verdict.rule.rawValue)
      json.key("scope")
      json.string(verdict.scope)
      json.key("scopeKind")
      json.string(verdict.scopeKind.rawValue)
      json.key("status")
      json.string(verdict.status.rawValue)
    }
  }

  private static func patch(_ json: inout JSONWriter, _ patch: PatchCoverage) {
    json.object { json in
      json.key("base")
      json.string(patch.base)
      json.key("baseCommit")
      json.string(patch.baseCommit)
      json.key("files")
      json.array(patch.files) { json, file in
        json.object { json in
          json.key("changedLines")
          json.array(file.changedLines) { $0.int($1) }
          json.key("lines")
          metric(&json, file.lines)
          json.key("path")
          json.string(file.path)
          json.key("uncoveredLines")
          json.array(file.uncoveredLines) { $0.int($1) }
        }
      }
      json.key("lines")
      metric(&json, patch.lines)
      json.key("unmeasured")
      json.array(patch.unmeasured, excludedFile)
    }
  }

  private static func excludedFile(_ json: inout JSONWriter, _ file: ExcludedFile) {
    json.object { json in
      json.key("path")
      json.string(file.path)
      json.key("reason")
      json.string(file.reason)
    }
  }

  private static func exclusion(_ json: inout JSONWriter, _ exclusion: Exclusion) {
    json.object { json in
      json.key("firstLine")
      json.int(exclusion.firstLine)
      json.key("lastLine")
      json.int(exclusion.lastLine)
      json.key("path")
      json.string(exclusion.path)
      json.key("ranAnyway")
      json.bool(exclusion.ranAnyway)
      json.key("reason")
      json.string(exclusion.reason)
      json.key("wholeFile")
      json.bool(exclusion.wholeFile)
    }
  }

  private static func targetWithoutData(_ json: inout JSONWriter, _ target: TargetWithoutData) {
    json.object { json in
      json.key("layer")
      json.string(target.layer)
      json.key("name")
      json.string(target.name)
      json.key("path")
      json.string(target.path)
      json.key("reason")
      json.string(target.reason)
      json.key("sourceFiles")
      json.int(target.sourceFiles)
      json.key("sourceLines")
      json.int(target.sourceLines)
    }
  }
}
