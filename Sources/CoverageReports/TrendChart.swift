import CoverageModel
import Foundation

/// Line coverage over the recorded runs as an inline SVG: the package total and one line per
/// layer with data, the vertical axis fitted to the figures drawn, runs evenly spaced oldest to
/// newest.
///
/// Pure and deterministic (UTC dates, fixed palette, sorted layers); every text from the data is
/// escaped; no script, no external resource and no `style` attribute (presentation attributes
/// only, so the page's `style-src 'self'` policy holds). Classes (`trend-*`) let a stylesheet
/// restyle it.
public enum TrendChart {
  /// The chart of `points` (oldest first), or an empty string when there is no point.
  public static func svg(points: [HistoryPoint]) -> String {
    guard !points.isEmpty else { return "" }
    let series = Series.all(in: points)
    let values = series.flatMap { line in points.compactMap { line.hundredths($0) } }
    let layout = Layout(count: points.count, values: values)
    let title = "Line coverage of the last \(points.count) run\(points.count == 1 ? "" : "s")"
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"trend-chart\""
        + " viewBox=\"0 0 \(Layout.width) \(Layout.height)\" width=\"\(Layout.width)\""
        + " height=\"\(Layout.height)\" role=\"img\" aria-label=\"\(XMLEscape.attribute(title))\""
        + " font-family=\"sans-serif\" font-size=\"11\">",
      "<title>\(XMLEscape.text(title))</title>",
    ]
    lines += grid(layout)
    lines += runLabels(points, layout)
    for (index, series) in series.enumerated() {
      lines += draw(series, color: Series.color(index), points: points, layout: layout)
      lines += legend(series, color: Series.color(index), row: index)
    }
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Line coverage unchanged over the last 5 runs: total 81.00%, logic 75.00%.` when two or more
  /// runs and every series in them held one figure: a chart of flat lines says only that, in a
  /// large box; nil otherwise (a change, a layer missing from a run, a single run).
  public static func flatSummary(points: [HistoryPoint]) -> String? {
    guard points.count > 1 else { return nil }
    var figures: [String] = []
    for series in Series.all(in: points) {
      let metrics = points.map { series.metric($0) }
      guard let first = metrics[0], first.truncatedHundredths != nil,
        metrics.allSatisfy({ $0?.truncatedHundredths == first.truncatedHundredths })
      else { return nil }
      figures.append("\(series.name) \(first.formattedPercent)")
    }
    return "Line coverage unchanged over the last \(points.count) runs: "
      + figures.joined(separator: ", ") + "."
  }

  /// The axis' horizontal lines with their labels.
  private static func grid(_ layout: Layout) -> [String] {
    var lines = ["<g class=\"trend-grid\" stroke=\"#dddddd\" stroke-width=\"1\">"]
    var labels = ["<g class=\"trend-axis\" fill=\"#555555\" text-anchor=\"end\">"]
    for tick in layout.ticks {
      let y = layout.y(hundredths: tick)
      lines.append(
        "<line x1=\"\(Layout.left)\" y1=\"\(number(y))\" x2=\"\(Layout.right)\" y2=\"\(number(y))\"/>"
      )
      labels.append(
        "<text x=\"\(Layout.left - 6)\" y=\"\(number(y + 4))\">\(layout.label(tick))</text>")
    }
    return lines + ["</g>"] + labels + ["</g>"]
  }

  /// The date and short commit of the oldest and the newest run under the plot.
  private static func runLabels(_ points: [HistoryPoint], _ layout: Layout) -> [String] {
    let y = number(Double(Layout.bottom) + 18)
    func label(_ point: HistoryPoint, x: Double, anchor: String) -> String {
      let text = [dateText(point.date), shortCommit(point.commit)].filter { !$0.isEmpty }
        .joined(separator: " ")
      return
        "<text x=\"\(number(x))\" y=\"\(y)\" text-anchor=\"\(anchor)\">\(XMLEscape.text(text))</text>"
    }
    var lines = ["<g class=\"trend-runs\" fill=\"#555555\">"]
    if points.count == 1 {
      lines.append(label(points[0], x: layout.x(0), anchor: "middle"))
    } else {
      lines.append(label(points[0], x: layout.x(0), anchor: "start"))
      lines.append(label(points[points.count - 1], x: layout.x(points.count - 1), anchor: "end"))
    }
    return lines + ["</g>"]
  }

  /// One series: polylines through consecutive runs that have data, and a dot per run.
  private static func draw(
    _ series: Series, color: String, points: [HistoryPoint], layout: Layout
  ) -> [String] {
    let width = series.isTotal ? 2.5 : 1.5
    var lines = [
      "<g class=\"trend-series\(series.isTotal ? " trend-total" : "")\""
        + " data-series=\"\(XMLEscape.attribute(series.isTotal ? "total" : series.name))\">"
    ]
    var run: [String] = []
    func flush() {
      if run.count > 1 {
        lines.append(
          "<polyline points=\"\(run.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\""
            + " stroke-width=\"\(number(width))\" stroke-linejoin=\"round\"/>")
      }
      run = []
    }
    var dots: [String] = []
    for (index, point) in points.enumerated() {
      guard let metric = series.metric(point), let hundredths = series.hundredths(point) else {
        flush()
        continue
      }
      let (x, y) = (number(layout.x(index)), number(layout.y(hundredths: hundredths)))
      run.append("\(x),\(y)")
      let failed = series.isTotal && !point.passed
      let tip = [
        dateText(point.date), shortCommit(point.commit),
        "\(series.name) \(metric.formattedPercent) (\(metric.formattedRatio))",
        series.isTotal ? (point.passed ? "PASSED" : "FAILED") : "",
      ].filter { !$0.isEmpty }.joined(separator: ", ")
      dots.append(
        "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"3\" fill=\"\(failed ? "#ffffff" : color)\""
          + " stroke=\"\(failed ? "#d55e00" : color)\" stroke-width=\"1.5\">"
          + "<title>\(XMLEscape.text(tip))</title></circle>")
    }
    flush()
    return lines + dots + ["</g>"]
  }

  /// A legend entry right of the plot.
  private static func legend(_ series: Series, color: String, row: Int) -> [String] {
    let y = Double(Layout.top + 6 + row * 18)
    let x = Layout.right + 14
    return [
      "<g class=\"trend-legend\">",
      "<line x1=\"\(x)\" y1=\"\(number(y))\" x2=\"\(x + 16)\" y2=\"\(number(y))\" stroke=\"\(color)\""
        + " stroke-width=\"2.5\"\(series.isTotal ? " class=\"total\"" : "")/>",
      "<text x=\"\(x + 22)\" y=\"\(number(y + 4))\" fill=\"#333333\">\(XMLEscape.text(series.name))</text>",
      "</g>",
    ]
  }

  /// A UTC date as `yyyy-MM-dd`.
  static func dateText(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    func pad(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
    return "\(parts.year ?? 0)-\(pad(parts.month))-\(pad(parts.day))"
  }

  /// The first seven characters of a commit hash.
  static func shortCommit(_ commit: String) -> String { String(commit.prefix(7)) }

  /// A coordinate with at most one decimal, independent of locale: `12`, `12.5`.
  static func number(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    let magnitude = abs(tenths)
    return magnitude % 10 == 0
      ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }
}
