import CoverageModel
import CovgateSupport

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
      case .someCatches: writer.write(7)
      }
      write(candidate.ambiguity, to: &writer)
      write(candidate.position, to: &writer)
      write(candidate.unproven, to: &writer)
      switch candidate.witness {
      case nil: writer.write(0)
      case .after(let location):
        writer.write(1)
        write(location, to: &writer)
      case .conditionEnd(let location):
        writer.write(2)
        write(location, to: &writer)
      case .conditionMinusBody(let location):
        writer.write(3)
        write(location, to: &writer)
      case .afterMinus(let location, let blocks):
        writer.write(4)
        write(location, to: &writer)
        writer.write(blocks.count)
        for block in blocks { write(block, to: &writer) }
      }
      write(candidate.context, to: &writer)
      write(candidate.law, to: &writer)
      writer.write(candidate.contextBreaksLaw ? 1 : 0)
      writer.write(candidate.reachedInBlock == nil ? 0 : 1)
      if let block = candidate.reachedInBlock { write(block, to: &writer) }
      writer.write(candidate.afterThrowingCall == nil ? 0 : 1)
      if let call = candidate.afterThrowingCall { write(call, to: &writer) }
    }
  }

  private func write(_ law: ConsistencyLaw?, to writer: inout ByteWriter) {
    guard let law else { return writer.write(0) }
    writer.write(1)
    write(law.after, to: &writer)
    writer.write(law.through.count)
    for index in law.through { writer.write(index) }
    writer.write(law.implicitThrough ? 1 : 0)
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
      guard let shape = Self.shape(&reader), let ambiguity = Self.optionalString(&reader),
        let position = Self.optionalString(&reader), let unproven = Self.optionalString(&reader),
        let witness = Self.witness(&reader), let context = Self.optionalString(&reader),
        let law = Self.law(&reader), let breaksLaw = reader.int(), breaksLaw == 0 || breaksLaw == 1,
        let block = Self.optionalLocation(&reader), let call = Self.optionalLocation(&reader)
      else { return nil }
      candidates.append(
        Candidate(
          kind: kind, location: location, reachedAt: reachedAt, arms: arms, shape: shape,
          ambiguity: ambiguity, position: position, unproven: unproven, witness: witness,
          context: context, law: law, contextBreaksLaw: breaksLaw == 1, reachedInBlock: block,
          afterThrowingCall: call))
    }
    self.init(candidates: candidates)
  }

  private func write(_ location: SourceLocation, to writer: inout ByteWriter) {
    writer.write(location.line)
    writer.write(location.column)
  }

  private func write(_ text: String?, to writer: inout ByteWriter) {
    writer.write(text == nil ? 0 : 1)
    if let text { writer.write(text) }
  }

  /// An optional string as `write(_:to:)` wrote it: `.some(nil)` for none, nil for bad bytes.
  private static func optionalString(_ reader: inout ByteReader) -> String?? {
    switch reader.int() {
    case 0: .some(nil)
    case 1: reader.string().map { .some($0) }
    default: nil
    }
  }

  /// A witness as `write(to:)` wrote it: `.some(nil)` for none, nil for bad bytes.
  private static func witness(_ reader: inout ByteReader) -> Candidate.Witness?? {
    switch reader.int() {
    case 0: .some(nil)
    case 1: location(&reader).map { .some(.after($0)) }
    case 2: location(&reader).map { .some(.conditionEnd($0)) }
    case 3: location(&reader).map { .some(.conditionMinusBody($0)) }
    case 4:
      afterMinus(&reader).map { .some($0) }
    default: nil
    }
  }

  /// A location after a flag as `write(to:)` wrote it: `.some(nil)` for none, nil for bad bytes.
  private static func optionalLocation(_ reader: inout ByteReader) -> SourceLocation?? {
    switch reader.int() {
    case 0: .some(nil)
    case 1: location(&reader).map { .some($0) }
    default: nil
    }
  }

  /// A law as `write(to:)` wrote it: `.some(nil)` for none, nil for bad bytes.
  private static func law(_ reader: inout ByteReader) -> ConsistencyLaw?? {
    switch reader.int() {
    case 0: return .some(nil)
    case 1:
      guard let after = location(&reader), let count = reader.int(), count >= 0, count < 1 << 20
      else { return nil }
      var through: [Int] = []
      for _ in 0..<count {
        guard let index = reader.int() else { return nil }
        through.append(index)
      }
      guard let implicit = reader.int(), implicit == 0 || implicit == 1 else { return nil }
      return .some(ConsistencyLaw(after: after, through: through, implicitThrough: implicit == 1))
    default: return nil
    }
  }

  private static func afterMinus(_ reader: inout ByteReader) -> Candidate.Witness? {
    guard let after = location(&reader), let count = reader.int(), count >= 0, count < 1 << 20
    else { return nil }
    var blocks: [SourceLocation] = []
    for _ in 0..<count {
      guard let block = location(&reader) else { return nil }
      blocks.append(block)
    }
    return .afterMinus(after, blocks)
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
    case 7: .someCatches
    default: nil
    }
  }
}
