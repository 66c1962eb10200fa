/// Levenshtein distance, for "did you mean" hints.
public func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  var previous = Array(0...b.count)
  for i in 1...max(a.count, 1) where !a.isEmpty {
    var current = [i] + Array(repeating: 0, count: b.count)
    for j in stride(from: 1, through: b.count, by: 1) {
      current[j] = min(
        previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.count]
}

/// The candidate nearest to `given`, when it is at most `maximumDistance` edits away: what a
/// "did you mean" hint names, or nil when nothing is close enough to be a typo.
public func closestMatch(
  to given: String, among candidates: some Sequence<String>, maximumDistance: Int = 2
) -> String? {
  let scored = candidates.map { (name: $0, distance: editDistance($0, given)) }
  guard let best = scored.min(by: { $0.distance < $1.distance }),
    best.distance <= maximumDistance
  else { return nil }
  return best.name
}
