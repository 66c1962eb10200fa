import CoverageModel

/// The decisions of a source in `ByteWriter`'s compact form, for the cache of decisions.
extension SourceDecisions {
  public func write(to writer: inout ByteWriter) {
    writer.write(candidates.count)
    for candidate in candidates {
      writer.write(candidate.kind.rawValue)
      write(candidate.location, to: &writer)
      write(candidate.reachedAt, to: &writer)
      writer.write(candidate.arms.count)
      for arm in candidate.arms {
        writer.write(arm.label)
        write(arm.start, to: &writer)
      }
      switch candidate.shape {
      case .arms(nil): writer.write(0)
      case .arms(let implicit?):
        writer.write(1)
        writer.write(implicit)
      case .guardElse: writer.write(2)
      case .catches: writer.write(3)
      case .loop: writer.write(4)
      case .repeatLoop: writer.write(5)
      case .rightSide: writer.write(6)
      }
      writer.write(candidate.ambiguity == nil ? 0 : 1)
      if let ambiguity = candidate.ambiguity { writer.write(ambiguity) }
    }
  }

  /// The decisions `write(to:)` wrote, or nil if the bytes are not such a list.
  public init?(from reader: inout ByteReader) {
    guard let count = reader.int() else { return nil }
    var candidates: [Candidate] = []
    for _ in 0..<count {
      guard let kind = reader.string().flatMap(Decision.Kind.init(rawValue:)),
        let location = Self.location(&reader), let reachedAt = Self.location(&reader),
        let armCount = reader.int()
      else { return nil }
      var arms: [Candidate.Arm] = []
      for _ in 0..<armCount {
        guard let label = reader.string(), let start = Self.location(&reader) else { return nil }
        arms.append(Candidate.Arm(label: label, start: start))
      }
      guard let shape = Self.shape(&reader), let hasAmbiguity = reader.int() else { return nil }
      var ambiguity: String?
      if hasAmbiguity == 1 {
        guard let reason = reader.string() else { return nil }
        ambiguity = reason
      }
      candidates.append(
        Candidate(
          kind: kind, location: location, reachedAt: reachedAt, arms: arms, shape: shape,
          ambiguity: ambiguity))
    }
    self.init(candidates: candidates)
  }

  private func write(_ location: SourceLocation, to writer: inout ByteWriter) {
    writer.write(location.line)
    writer.write(location.column)
  }

  private static func location(_ reader: inout ByteReader) -> SourceLocation? {
    guard let line = reader.int(), let column = reader.int() else { return nil }
    return SourceLocation(line: line, column: column)
  }

  private static func shape(_ reader: inout ByteReader) -> Candidate.Shape? {
    switch reader.int() {
    case 0: .arms(implicit: nil)
    case 1: reader.string().map { .arms(implicit: $0) }
    case 2: .guardElse
    case 3: .catches
    case 4: .loop
    case 5: .repeatLoop
    case 6: .rightSide
    default: nil
    }
  }
}
