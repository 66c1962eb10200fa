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

    /// The horizontal position of the run at `index`: evenly spaced, a lone run in the middle.
    func x(_ index: Int) -> Double {
      let span = Double(Self.right - Self.left)
      guard count > 1 else { return Double(Self.left) + span / 2 }
      return Double(Self.left) + span * Double(index) / Double(count - 1)
    }

    /// The vertical position of a percentage given in hundredths (0...10_000).
    func y(hundredths: Int) -> Double {
      let clamped = min(max(hundredths, 0), 10_000)
      return Double(Self.bottom) - Double(Self.bottom - Self.top) * Double(clamped) / 10_000
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

    /// The total first, then every layer any run has, by name.
    static func all(in points: [HistoryPoint]) -> [Series] {
      let layers = Set(points.flatMap(\.layerLines.keys)).sorted()
      return [Series(name: "total", isTotal: true)]
        + layers.map { Series(name: $0, isTotal: false) }
    }

    /// A colour-blind-safe palette (Okabe-Ito), the total in near-black; cycles past seven layers.
    static func color(_ index: Int) -> String {
      let layers = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#999999"]
      return index == 0 ? "#222222" : layers[(index - 1) % layers.count]
    }
  }
}
