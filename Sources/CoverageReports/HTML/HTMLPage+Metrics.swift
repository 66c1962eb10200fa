import CoverageModel

/// Figures as pages show them: percentage, bar and covered/count, coloured by the rules. Built
/// as bytes: the index has three per file and folder, every file page three cards.
extension HTMLPage {
  /// How a metric stands against its rule, as a class: `low` below the minimum, `medium` below
  /// the target, `high` at or above both; `neutral` where no rule applies (a layer that is not
  /// gated, a metric without a threshold, the package total); `na` when there is nothing to measure.
  static func level(_ metric: Metric, rule: Threshold?) -> String {
    levelClass(metric, rule: rule).description
  }

  private static func levelClass(_ metric: Metric, rule: Threshold?) -> StaticString {
    guard metric.count > 0 else { return "na" }
    guard let rule, rule.minimum != nil || rule.target != nil else { return "neutral" }
    if let minimum = rule.minimum, !metric.reaches(minimum) { return "low" }
    if let target = rule.target, !metric.reaches(target) { return "medium" }
    return "high"
  }

  /// A bar drawn with SVG attributes (no style attribute) over the track the stylesheet paints,
  /// its length the model's truncated percentage.
  static func bar(_ metric: Metric, rule: Threshold?) -> String {
    text(capacity: 160) { appendBar(metric, rule: rule, to: &$0) }
  }

  /// A table cell with percentage, bar and covered/count; it sorts by the percentage in
  /// hundredths, `-1` for n/a.
  static func metricCell(_ metric: Metric, rule: Threshold?) -> String {
    text(capacity: 320) { appendMetricCell(metric, rule: rule, part: false, to: &$0) }
  }

  /// The cards of lines, functions and regions, coloured by `rules` (nil: no rule applies).
  /// `regions`: the data has regions (xccov's and LCOV's do not: no card of n/a). `branches`:
  /// the branch card's title (derived or measured), none without branch figures. `part`: see
  /// `metricCells`.
  static func cards(
    _ summary: Summary, rules: Thresholds?, branches: StaticString? = nil, regions: Bool = true,
    part: Bool = false
  ) -> String {
    text(capacity: 1024) { bytes in
      bytes.append("<div class=\"cards\">")
      appendCard("Lines", summary.lines, rule: rules?[.lines], part: part, to: &bytes)
      appendCard("Functions", summary.functions, rule: rules?[.functions], part: part, to: &bytes)
      if regions {
        appendCard("Regions", summary.regions, rule: rules?[.regions], part: part, to: &bytes)
      }
      // Derived from the sources and the regions' counts, or measured: named so on the card.
      if let branches {
        appendCard(branches, summary.branches, rule: rules?[.branches], part: part, to: &bytes)
      }
      bytes.append("</div>\n")
    }
  }

  /// The cells of lines, functions and regions (where the data has them), coloured by `rules`
  /// (nil: no rule applies). `part`: the figures are a part's (a file, folder or target) under
  /// its layer's rules, which the gate judges on the layer as a whole: below the minimum they are
  /// marked ▽ (below the layer's minimum), not ✕ (the gate failed here).
  static func metricCells(
    _ summary: Summary, rules: Thresholds?, regions: Bool = true, part: Bool = false
  ) -> String {
    text(capacity: 1024) { bytes in
      appendMetricCell(summary.lines, rule: rules?[.lines], part: part, to: &bytes)
      appendMetricCell(summary.functions, rule: rules?[.functions], part: part, to: &bytes)
      if regions {
        appendMetricCell(summary.regions, rule: rules?[.regions], part: part, to: &bytes)
      }
    }
  }

  private static func text(capacity: Int, _ build: (inout HTMLBytes) -> Void) -> String {
    var bytes = HTMLBytes(capacity: capacity)
    build(&bytes)
    return bytes.text()
  }

  private static func appendBar(_ metric: Metric, rule: Threshold?, to bytes: inout HTMLBytes) {
    bytes.append(
      "<svg class=\"bar\" viewBox=\"0 0 100 1\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"
    )
    if let hundredths = metric.truncatedHundredths, hundredths > 0 {
      bytes.append("<rect class=\"")
      bytes.append(levelClass(metric, rule: rule))
      bytes.append("\" width=\"")
      appendPercentNumber(hundredths, to: &bytes)
      bytes.append("\" height=\"1\"/>")
    }
    bytes.append("</svg>")
  }

  private static func appendMetricCell(
    _ metric: Metric, rule: Threshold?, part: Bool, to bytes: inout HTMLBytes
  ) {
    bytes.append("<td class=\"metric\" data-sort=\"")
    if let hundredths = metric.truncatedHundredths {
      bytes.appendInteger(hundredths)
    } else {
      bytes.append("-1")
    }
    appendFigures(
      metric, rule: rule, part: part, percent: ("\"><span class=\"pct ", "</span>"),
      ratio: ("<span class=\"ratio\">", "/", "</span></td>"), to: &bytes)
  }

  private static func appendCard(
    _ name: StaticString, _ metric: Metric, rule: Threshold?, part: Bool,
    to bytes: inout HTMLBytes
  ) {
    bytes.append("<div class=\"card\"><div class=\"card-name\">")
    bytes.append(name)
    appendFigures(
      metric, rule: rule, part: part, percent: ("</div><div class=\"card-pct ", "</div>"),
      ratio: ("<div class=\"card-ratio\">", " of ", " covered</div></div>"), to: &bytes)
  }

  /// The percentage coloured by the rule (`percent.open` ends in the class attribute's
  /// opening), the bar, and covered and count (`ratio`: before, between and after them).
  private static func appendFigures(
    _ metric: Metric, rule: Threshold?, part: Bool,
    percent: (open: StaticString, close: StaticString),
    ratio: (open: StaticString, separator: StaticString, close: StaticString),
    to bytes: inout HTMLBytes
  ) {
    bytes.append(percent.open)
    bytes.append(levelClass(metric, rule: rule))
    if part, metric.count > 0, let minimum = rule?.minimum, !metric.reaches(minimum) {
      bytes.append(" part")
    }
    bytes.append("\">")
    appendPercent(metric, to: &bytes)
    bytes.append(percent.close)
    appendBar(metric, rule: rule, to: &bytes)
    bytes.append(ratio.open)
    bytes.appendInteger(metric.covered)
    bytes.append(ratio.separator)
    bytes.appendInteger(metric.count)
    bytes.append(ratio.close)
  }

  /// `Metric.formattedPercent`'s text: `63.33%`, or `n/a`.
  private static func appendPercent(_ metric: Metric, to bytes: inout HTMLBytes) {
    guard let hundredths = metric.truncatedHundredths else { return bytes.append("n/a") }
    appendPercentNumber(hundredths, to: &bytes)
    bytes.append("%")
  }

  /// The percentage without its `%` sign (`63.33`), for attributes.
  private static func appendPercentNumber(_ hundredths: Int, to bytes: inout HTMLBytes) {
    bytes.appendInteger(hundredths / 100)
    bytes.append(".")
    if hundredths % 100 < 10 { bytes.append("0") }
    bytes.appendInteger(hundredths % 100)
  }
}
