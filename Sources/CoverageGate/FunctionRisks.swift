import CoverageModel

/// The risk of each function of a file, from its function records and the decision points of
/// its derived branches.
enum FunctionRisks {
  /// One function: its body's range and its own regions, instantiations merged.
  private struct Body {
    var name: String
    var range: SourceRange
    var regions: [SourceRange: UInt64]
  }

  /// - Parameter records: each function record's name and its code regions in this file, the
  ///   body first (an empty name: a record whose body is elsewhere).
  static func risks(records: [(name: String, regions: [Region])], points: [DecisionPoint])
    -> [FunctionRisk]
  {
    var bodies: [SourceRange: Body] = [:]
    for record in records.sorted(by: { $0.name < $1.name }) where !record.name.isEmpty {
      guard let first = record.regions.first else { continue }
      let range = SourceRange(start: first.start, end: first.end)
      var body = bodies[range] ?? Body(name: record.name, range: range, regions: [:])
      for region in record.regions {
        let key = SourceRange(start: region.start, end: region.end)
        body.regions[key] = max(body.regions[key] ?? 0, region.count)
      }
      bodies[range] = body
    }
    // Closures, autoclosures and nested functions belong to the function that holds them.
    var outermost: [Body] = []
    for body in bodies.values.sorted(by: {
      ($0.range.start, $1.range.end) < ($1.range.start, $0.range.end)
    }) {
      if let holder = outermost.last, body.range.start >= holder.range.start,
        body.range.end <= holder.range.end
      {
        continue
      }
      outermost.append(body)
    }
    let points = points.sorted { $0.location < $1.location }
    return outermost.map { body in
      // The first point at or after the body's start, found by halving.
      var (low, high) = (0, points.count)
      while low < high {
        let middle = (low + high) / 2
        if points[middle].location < body.range.start { low = middle + 1 } else { high = middle }
      }
      let inside = points[low...].prefix { $0.location < body.range.end }
      let complexity = 1 + inside.reduce(0) { $0 + max(0, $1.paths - 1) }
      let covered = body.regions.values.count { $0 > 0 }
      return FunctionRisk(
        name: body.name, line: body.range.start.line, complexity: complexity,
        regions: Metric(covered: covered, count: body.regions.count))
    }
  }
}
