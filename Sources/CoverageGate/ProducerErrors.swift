import CoverageModel

/// The errors the data's producer reported (xccov's "Failed to generate coverage for target
/// 'X'"): a target whose coverage failed would read as one without code, so each error is a
/// verdict, a warning unless `coverage_errors: fail` (or `ignore`) says otherwise.
enum ProducerErrors {
  static func verdicts(_ errors: [String], source: CoverageOrigin, policy: GateConfig.Policy)
    -> [Verdict]
  {
    guard policy != .ignore else { return [] }
    return errors.map { error in
      Verdict(
        rule: .producerError, scopeKind: .total, scope: "coverage data", metric: nil, actual: nil,
        required: nil, status: policy == .fail ? .failed : .warning,
        message:
          "\(source.name) reported an error, so the figures may lack what it covers: \(error)")
    }
  }
}
