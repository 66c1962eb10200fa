import CoverageModel

extension TrendChart {
  /// Where runs and percentages land in the chart's fixed 720 x 260 box.
  struct Layout {
    static let width = 720
    static let height = 260
    static let left = 48
    static let right = 560
    static let top = 12
    static let bottom = 220

    /// How many runs are drawn.
    let count: Int
    /// The vertical axis: its lowest and highest percentage in hundredths, and the step between
    /// its grid lines.
    let low: Int
    let high: Int
    let step: Int

    /// The axis fitted to `values` (hundredths): the fewest grid lines, at most five steps of a
    /// round size, that hold every value, so a swing of a point fills the plot instead of
    /// hiding in a 0-100% axis.
    init(count: Int, values: [Int]) {
      self.count = count
      let lowest = values.min() ?? 0
      let highest = values.max() ?? 10_000
      let steps = [10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500]
      var chosen = (low: 0, high: 10_000, step: 2_500)
      for step in steps {
        var low = lowest / step * step
        var high = (highest + step - 1) / step * step
        if high == low { high += step }
        if high > 10_000 { (low, high) = (low - (high - 10_000), 10_000) }
        if (high - low) / step <= 5 {
          chosen = (max(low, 0), high, step)
          break
        }
      }
      (low, high, step) = chosen
    }

    /// The horizontal position of the run at `index`: evenly spaced, a lone run in the middle.
    func x(_ index: Int) -> Double {
      let span = Double(Self.right - Self.left)
      guard count > 1 else { return Double(Self.left) + span / 2 }
      return Double(Self.left) + span * Double(index) / Double(count - 1)
    }

    /// The vertical position of a percentage given in hundredths.
    func y(hundredths: Int) -> Double {
      let clamped = min(max(hundredths, low), high)
      return Double(Self.bottom) - Double(Self.bottom - Self.top) * Double(clamped - low)
        / Double(high - low)
    }

    /// The axis' grid values, lowest first.
    var ticks: [Int] { Array(stride(from: low, through: high, by: step)) }

    /// A grid value as its label: as many decimals as the step needs (`81.5%`, `80%`).
    func label(_ hundredths: Int) -> String {
      let whole = "\(hundredths / 100)"
      if step % 100 == 0 { return whole + "%" }
      let fraction = hundredths % 100
      if step % 10 == 0 { return whole + ".\(fraction / 10)%" }
      return whole + (fraction < 10 ? ".0\(fraction)%" : ".\(fraction)%")
    }
  }

  /// One line of the chart: the total, or a layer.
  struct Series {
    let name: String
    let isTotal: Bool

    /// The series' metric in a run; `nil` when the layer is absent from that run.
    func metric(_ point: HistoryPoint) -> Metric? {
      isTotal ? point.lines : point.layerLines[name]
    }

    /// The total first, then every layer with data in some run, by name. A layer whose line is
    /// the total's at every run (the only layer with data) is not drawn under it: the total's
    /// legend names it (`total = logic`).
    static func all(in points: [HistoryPoint]) -> [Series] {
      let layers = Set(points.flatMap(\.layerLines.keys)).sorted().map {
        Series(name: $0, isTotal: false)
      }
      let drawn = layers.filter { layer in points.contains { layer.hundredths($0) != nil } }
      let total = Series(name: "total", isTotal: true)
      let same = drawn.filter { layer in
        points.allSatisfy { layer.hundredths($0) == total.hundredths($0) }
      }
      let label = (["total"] + same.map(\.name)).joined(separator: " = ")
      return [Series(name: label, isTotal: true)]
        + drawn.filter { layer in !same.contains { $0.name == layer.name } }
    }

    /// The series' percentage in a run in hundredths, `nil` when it has nothing to measure there.
    func hundredths(_ point: HistoryPoint) -> Int? {
      metric(point)?.truncatedHundredths
    }

    /// A colour-blind-safe palette (Okabe-Ito), the total in near-black; cycles past seven layers.
    static func color(_ index: Int) -> String {
      let layers = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#999999"]
      return index == 0 ? "#222222" : layers[(index - 1) % layers.count]
    }
  }
}
