import CoverageHistory
import CoverageModel
import Foundation

/// The trend `covgate history` prints: one row per run, oldest first, with the lines of the
/// total and of each gated layer, and the change from the previous run in percentage points.
public struct HistoryTable {
  /// The time zone dates are shown in.
  var timeZone: TimeZone

  /// The table of `runs` (oldest first), or a one-line note when there is none.
  func text(_ runs: [RecordedRun]) -> String {
    guard !runs.isEmpty else { return "no runs recorded yet\n" }
    let layers = gatedLayers(runs)
    var rows = [["date", "commit", "branch", "gate", "lines"] + layers]
    var previous: RecordedRun?
    for run in runs {
      var row = [
        date(run.date), run.commit.isEmpty ? "-" : String(run.commit.prefix(7)),
        run.branch.isEmpty ? "-" : run.branch, run.passed ? "PASSED" : "FAILED",
        cell(run.totals.lines, previous: previous?.totals.lines),
      ]
      for name in layers {
        let lines = run.layers.first { $0.name == name }?.figures.lines
        row.append(cell(lines, previous: previous?.layers.first { $0.name == name }?.figures.lines))
      }
      rows.append(row)
      previous = run
    }
    return aligned(rows)
  }

  /// Names of the layers gated in any run, the newest run's order first.
  private func gatedLayers(_ runs: [RecordedRun]) -> [String] {
    var names: [String] = []
    for run in runs.reversed() {
      for layer in run.layers where layer.gated && !names.contains(layer.name) {
        names.append(layer.name)
      }
    }
    return names
  }

  /// `61.23% (+0.42)`; `n/a` when there was nothing to measure, `-` when the layer was absent.
  private func cell(_ metric: Metric?, previous: Metric?) -> String {
    guard let metric else { return "-" }
    guard let now = metric.truncatedHundredths, let before = previous?.truncatedHundredths else {
      return metric.formattedPercent
    }
    return "\(metric.formattedPercent) (\(Self.change(now - before)))"
  }

  /// A change in hundredths of a point as `+0.42`, `-1.10` or `0.00`.
  static func change(_ hundredths: Int) -> String {
    let sign = hundredths > 0 ? "+" : hundredths < 0 ? "-" : ""
    let magnitude = abs(hundredths)
    let fraction = magnitude % 100 < 10 ? "0\(magnitude % 100)" : "\(magnitude % 100)"
    return "\(sign)\(magnitude / 100).\(fraction)"
  }

  private func date(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func pad(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
    return
      "\(parts.year ?? 0)-\(pad(parts.month))-\(pad(parts.day)) \(pad(parts.hour)):\(pad(parts.minute))"
  }

  /// Columns padded to their widest cell, two spaces apart, no trailing spaces.
  private func aligned(_ rows: [[String]]) -> String {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1
          ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ").replacingOccurrences(
        of: " +$", with: "", options: .regularExpression)
    }.joined(separator: "\n") + "\n"
  }
}
