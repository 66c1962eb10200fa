/// Per layer, per target: the sum of the files' summaries and how many files there are.
public typealias TargetSums = [String: [String: (total: Summary, files: Int)]]

extension Array where Element == ScopedFile {
  /// The files' summaries summed per layer and target. Files of one target come in runs
  /// (sorted by path), so a run is summed first and looked up once: not two hash lookups per
  /// file of tens of thousands.
  public func sumsByLayerAndTarget() -> TargetSums {
    var sums: TargetSums = [:]
    var start = startIndex
    while start < endIndex {
      let (layer, target) = (self[start].layer, self[start].target)
      var (total, end) = (Summary.zero, start)
      while end < endIndex, self[end].target == target, self[end].layer == layer {
        total += self[end].summary
        end += 1
      }
      let previous = sums[layer, default: [:]][target] ?? (.zero, 0)
      sums[layer, default: [:]][target] = (previous.total + total, previous.files + end - start)
      start = end
    }
    return sums
  }
}
