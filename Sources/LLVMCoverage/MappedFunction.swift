import CoverageModel

/// One function's coverage mapping data: its counter expressions and its regions, each with the
/// counter or expression that gives its count.
///
/// Encoding (all numbers ULEB128): the number of files then each one's index in the covmap
/// filename table; the number of expressions then each one's two operands as counters; then,
/// per file, the number of regions and each region: a counter (whose low two bits say zero,
/// counter, subtract or add, the rest its index), or, with zero low bits, a region kind
/// (expansion when bit 2 is set, its file above it; else the kind above bit 3, a branch with
/// two more counters), then the line delta from the previous region of the file, the start
/// column, the line count and the end column (bit 31 set: a gap region; columns 0 and 0: the
/// whole line).
public struct MappedFunction: Sendable, Equatable {
  public var nameRef: UInt64
  /// The hash the profile keeps beside the function's counters: they belong to this mapping
  /// only when the hashes agree.
  public var hash: UInt64
  public var expressions: [Expression]
  /// In record order; `Region.count` is zero, `counter` gives it.
  public var regions: [MappedRegion]
  /// Expressions ordered so that each comes after those it uses.
  var evaluationOrder: [Int]
  /// A record for a function seen but not used where it was compiled.
  public var isDummy: Bool

  /// Where a count comes from.
  public enum Counter: Hashable, Sendable {
    case zero
    case counter(Int)
    case expression(Int)
  }

  /// `lhs + rhs` or `lhs - rhs`.
  public struct Expression: Hashable, Sendable {
    public var isAddition: Bool
    public var lhs: Counter
    public var rhs: Counter
  }

  /// A region and where its count comes from (for a branch, its true count).
  public struct MappedRegion: Hashable, Sendable {
    public var region: Region
    public var counter: Counter
  }

  /// Each region's count for the function's `counters` (from a raw profile); nil when the
  /// mapping uses a counter the profile does not have (another build of the function).
  public func counts(counters: [UInt64]) -> [UInt64]? {
    var values = [UInt64](repeating: 0, count: expressions.count)
    func value(_ counter: Counter) -> UInt64? {
      switch counter {
      case .zero: 0
      case .counter(let index): index < counters.count ? counters[index] : nil
      case .expression(let index): values[index]
      }
    }
    for index in evaluationOrder {
      let expression = expressions[index]
      guard let lhs = value(expression.lhs), let rhs = value(expression.rhs) else { return nil }
      // As llvm-cov: 64-bit arithmetic, a negative difference read as unsigned.
      values[index] = expression.isAddition ? lhs &+ rhs : lhs &- rhs
    }
    var counts: [UInt64] = []
    counts.reserveCapacity(regions.count)
    for region in regions {
      guard let count = value(region.counter) else { return nil }
      counts.append(count)
    }
    return counts
  }

  /// Decodes one record's mapping data (LLVM's `RawCoverageMappingReader::read`).
  static func decode(_ data: MappingBytes, nameRef: UInt64, hash: UInt64) throws -> MappedFunction {
    var reader = data
    let fileCount = try reader.size("the file count")
    for _ in 0..<fileCount { _ = try reader.leb128(atMost: UInt64(UInt32.max), "a file index") }
    let expressionCount = try reader.size("the expression count")
    var expressions = [Expression](
      repeating: Expression(isAddition: false, lhs: .zero, rhs: .zero), count: expressionCount)
    /// A counter reference; an expression's kind is set by the references to it.
    func counter(_ encoded: UInt64, at offset: Int) throws -> Counter {
      let index = Int(encoded >> 2)
      switch encoded & 3 {
      case 0: return .zero
      case 1: return .counter(index)
      default:
        guard index < expressions.count else {
          throw CoverageMappingError.malformed("expression \(index) does not exist", at: offset)
        }
        expressions[index].isAddition = encoded & 3 == 3
        return .expression(index)
      }
    }
    func readCounter() throws -> Counter {
      let offset = reader.offset
      return try counter(
        UInt64(try reader.leb128(atMost: UInt64(UInt32.max), "a counter")), at: offset)
    }
    for index in 0..<expressionCount {
      expressions[index].lhs = try readCounter()
      expressions[index].rhs = try readCounter()
    }
    var regions: [MappedRegion] = []
    var firstEncoding: UInt64?
    for fileID in 0..<fileCount {
      let regionCount = try reader.size("the region count")
      var line = 0
      for _ in 0..<regionCount {
        let offset = reader.offset
        let encoded = UInt64(try reader.leb128(atMost: UInt64(UInt32.max), "a region"))
        if firstEncoding == nil { firstEncoding = encoded }
        var kind = Region.Kind.code
        var count = Counter.zero
        var expandedFileID = 0
        if encoded & 3 != 0 {
          count = try counter(encoded, at: offset)
        } else if encoded & 4 != 0 {
          kind = .expansion
          expandedFileID = Int(encoded >> 3)
          guard expandedFileID < fileCount else {
            throw CoverageMappingError.malformed(
              "an expansion of a file that does not exist", at: offset)
          }
        } else {
          switch encoded >> 3 {
          case 0: break
          case 2: kind = .skipped
          case 4:
            kind = .branch
            count = try readCounter()
            _ = try readCounter()
          case 5:
            kind = .mcdcDecision
            _ = try reader.leb128(atMost: UInt64(UInt32.max), "a bitmap index")
            _ = try reader.leb128(atMost: UInt64(Int16.max), "a condition count")
          case 6:
            kind = .mcdcBranch
            count = try readCounter()
            _ = try readCounter()
            let id = try reader.leb128(atMost: UInt64(Int16.max), "a condition ID")
            _ = try reader.leb128(atMost: UInt64(Int16.max), "a condition ID")
            _ = try reader.leb128(atMost: UInt64(Int16.max), "a condition ID")
            guard id != 0 else {
              throw CoverageMappingError.malformed("a condition ID of zero", at: offset)
            }
          default:
            throw CoverageMappingError.malformed("region kind \(encoded >> 3)", at: offset)
          }
        }
        let delta = try reader.leb128(atMost: UInt64(UInt32.max), "a line delta")
        var columnStart = try reader.leb128(atMost: UInt64(UInt32.max), "a column")
        let lines = try reader.leb128(atMost: UInt64(UInt32.max), "a line count")
        var columnEnd = try reader.leb128(atMost: UInt64(UInt32.max), "a column")
        line += delta
        if columnEnd & (1 << 31) != 0 {
          kind = .gap
          columnEnd &= ~(1 << 31)
        }
        if columnStart == 0 && columnEnd == 0 {
          columnStart = 1
          columnEnd = Int(UInt32.max)
        }
        guard line + lines > line || columnStart <= columnEnd else {
          throw CoverageMappingError.malformed("a region that ends before it starts", at: offset)
        }
        regions.append(
          MappedRegion(
            region: Region(
              lineStart: line, columnStart: columnStart, lineEnd: line + lines,
              columnEnd: columnEnd, count: 0, fileID: fileID, expandedFileID: expandedFileID,
              kind: kind),
            counter: count))
      }
    }
    let isDummy =
      hash == 0 && fileCount == 1 && expressionCount == 0 && regions.count == 1
      && (firstEncoding ?? 1) & 3 == 0
    return MappedFunction(
      nameRef: nameRef, hash: hash, expressions: expressions, regions: regions,
      evaluationOrder: try order(expressions, at: data.offset), isDummy: isDummy)
  }

  /// Each expression after the ones it uses; a cycle (never written by LLVM) is malformed.
  static func order(_ expressions: [Expression], at offset: Int) throws -> [Int] {
    var state = [UInt8](repeating: 0, count: expressions.count)  // 0 new, 1 open, 2 done
    var order: [Int] = []
    order.reserveCapacity(expressions.count)
    for root in expressions.indices where state[root] == 0 {
      state[root] = 1
      var stack: [(expression: Int, operand: Int)] = [(root, 0)]
      while let (expression, operand) = stack.last {
        guard operand < 2 else {
          state[expression] = 2
          order.append(expression)
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].operand += 1
        let used = operand == 0 ? expressions[expression].lhs : expressions[expression].rhs
        guard case .expression(let next) = used else { continue }
        if state[next] == 1 {
          throw CoverageMappingError.malformed("expressions that use each other", at: offset)
        }
        if state[next] == 0 {
          state[next] = 1
          stack.append((next, 0))
        }
      }
    }
    return order
  }
}
