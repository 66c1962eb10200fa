import CoverageModel

/// The risk of each function of a file, from its function records and the decision points of
/// its derived branches.
enum FunctionRisks {
  /// One function: its body's range and the regions of its records (instantiations).
  private struct Body {
    var name: String
    var range: SourceRange
    var regions: [Region]
  }

  /// - Parameter records: each function record's name and its code regions in this file, the
  ///   body first (an empty name: a record whose body is elsewhere).
  static func risks(records: [(name: String, regions: [Region])], points: [DecisionPoint])
    -> [FunctionRisk]
  {
    // Records with one body range are one function, named by the least of their names.
    var bodyIndex: [SourceRange: Int] = [:]
    var bodies: [Body] = []
    // Room for every record at once: growing moved each body made so far.
    bodyIndex.reserveCapacity(records.count)
    bodies.reserveCapacity(records.count)
    for record in records where !record.name.isEmpty {
      guard let first = record.regions.first else { continue }
      let range = SourceRange(start: first.start, end: first.end)
      if let index = bodyIndex[range] {
        if record.name < bodies[index].name { bodies[index].name = record.name }
        bodies[index].regions += record.regions
      } else {
        bodyIndex[range] = bodies.count
        bodies.append(Body(name: record.name, range: range, regions: record.regions))
      }
    }
    // Closures, autoclosures and nested functions belong to the function that holds them.
    var outermost: [Body] = []
    for body in bodies.sorted(by: {
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
      return FunctionRisk(
        name: body.name, line: body.range.start.line, complexity: complexity,
        regions: regionMetric(body.regions))
    }
  }

  /// Distinct ranges among `regions`, and those run in any instantiation.
  private static func regionMetric(_ regions: [Region]) -> Metric {
    let sorted = regions.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    var (count, covered) = (0, 0)
    var index = 0
    while index < sorted.count {
      var ran = false
      var next = index
      while next < sorted.count, sorted[next].start == sorted[index].start,
        sorted[next].end == sorted[index].end
      {
        ran = ran || sorted[next].count > 0
        next += 1
      }
      count += 1
      if ran { covered += 1 }
      index = next
    }
    return Metric(covered: covered, count: count)
  }
}
