import CoverageModel

/// Stops the fuzzer on a figure no reader may give, whatever bytes it read: a metric whose
/// covered count is below zero or above its count.
public func checkFigures(_ data: CoverageData) {
  for file in data.files {
    for kind in MetricKind.allCases {
      let metric = file.summary[kind]
      guard metric.covered >= 0, metric.covered <= metric.count else {
        fatalError("\(file.path): \(kind) \(metric.covered)/\(metric.count)")
      }
    }
  }
}
