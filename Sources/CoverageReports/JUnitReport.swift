import CoverageModel

/// `junit.xml`: the gate's verdicts as JUnit test cases, for CI test-report views (GitLab,
/// Jenkins, GitHub test-reporter actions).
///
/// One `<testcase>` per verdict: `classname` is the rule and scope kind (`minimum.layer`),
/// `name` the scope and metric (`logic lines`). A failed verdict holds a `<failure>`; a warning
/// and a rule with nothing to measure (n/a) hold a `<skipped>`, which readers count and show
/// with its message; every case carries the verdict's message in `<system-out>`. `time` is
/// always `0`, so output is deterministic.
public struct JUnitReport: ReportRenderer {
  public static let fileName = "junit.xml"

  public init() {}

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    [RenderedFile(path: Self.fileName, contents: xml(report))]
  }

  /// The whole document.
  public func xml(_ report: CoverageReport) -> String {
    let verdicts = report.gate.verdicts
    let failures = verdicts.filter { $0.status == .failed }.count
    let skipped = verdicts.filter { $0.status == .warning || $0.status == .notApplicable }.count
    let counts =
      "tests=\"\(verdicts.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"0\""
    let suite = XMLEscape.attribute("covgate: \(report.packageName)")
    var out = XMLEscape.declaration
    out += "<testsuites name=\"covgate\" \(counts)>\n"
    out += "  <testsuite name=\"\(suite)\" \(counts)>\n"
    for verdict in verdicts { out += testCase(verdict) }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }

  private func testCase(_ verdict: Verdict) -> String {
    let classname = XMLEscape.attribute("\(verdict.rule.rawValue).\(verdict.scopeKind.rawValue)")
    let name = XMLEscape.attribute(Self.name(verdict))
    let attribute = XMLEscape.attribute(verdict.message)
    let text = XMLEscape.text(verdict.message)
    var out = "    <testcase classname=\"\(classname)\" name=\"\(name)\" time=\"0\">\n"
    switch verdict.status {
    case .failed:
      out +=
        "      <failure message=\"\(attribute)\" type=\"\(XMLEscape.attribute(verdict.rule.rawValue))\">"
        + "\(text)</failure>\n"
    case .warning, .notApplicable:
      out += "      <skipped message=\"\(attribute)\"/>\n"
    case .passed:
      break
    }
    out += "      <system-out>\(text)</system-out>\n"
    out += "    </testcase>\n"
    return out
  }

  /// The scope and the metric, e.g. `logic lines`; the scope alone when no metric applies.
  static func name(_ verdict: Verdict) -> String {
    guard let metric = verdict.metric else { return verdict.scope }
    return "\(verdict.scope) \(metric.rawValue)"
  }
}
