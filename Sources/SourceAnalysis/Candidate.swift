import CoverageModel

/// A decision as the syntax gives it, before any count: where its reach and its outcomes are
/// read from the regions, and what the syntax already says about what the regions can prove.
struct Candidate: Sendable, Equatable {
  /// How the outcome counts follow from the regions.
  enum Shape: Sendable, Equatable {
    /// Arms with regions of their own (`if` chains, `switch`, ternary); `implicit` names the
    /// way out that has no region (an `if` without `else`), derived as reached minus the arms.
    case arms(implicit: String?)
    /// `guard`: the `else` body has a region; passing is reached minus it.
    case guardElse
    /// `do`/`catch` with a catch-all: catch bodies have regions; no error is reached minus them.
    case catches
    /// `do`/`catch` without a catch-all: an error no clause matches leaves the `do`. No error is
    /// the witness's count (the region after the `do`), uncaught is reached minus the rest.
    case someCatches
    /// `for`/`while`: the body's region counts iterations; the loop is left once per reach.
    case loop
    /// `repeat`: the body runs once per reach plus once per repeat.
    case repeatLoop
    /// `&&`, `||`, `??`: the right side is an autoclosure with a region; short-circuits are
    /// reached minus it.
    case rightSide
  }

  /// A region, other than the decision's own, whose count is one of its outcomes.
  enum Witness: Sendable, Equatable {
    /// The region that starts where the statement ends counts its implicit way out: a loop's
    /// normal exits (no `break` lands there), a `guard`'s passes.
    case after(SourceLocation)
    /// The region that starts where a condition that can throw ends counts the times it
    /// completed: the implicit way out is that count minus the arms.
    case conditionEnd(SourceLocation)
    /// The region that starts at a `while` loop's first condition counts its evaluations: each
    /// enters the body or leaves the loop, so the exits are that count minus the body's.
    case conditionMinusBody(SourceLocation)
    /// The region after a loop counts its exits and its breaks; each break ends a block (a
    /// `guard`'s else, an `if`'s then) that nothing else leaves, whose own region counts it: the
    /// exits are the first region's count minus the blocks'.
    case afterMinus(SourceLocation, [SourceLocation])
  }

  /// One outcome anchored at the first token of its code.
  struct Arm: Sendable, Equatable {
    var label: String
    var start: SourceLocation
  }

  var kind: Decision.Kind
  var location: SourceLocation
  /// Where the decision's reach is read: the innermost region holding this location.
  var reachedAt: SourceLocation
  var arms: [Arm]
  var shape: Shape
  /// Why the regions cannot prove the counts whatever they say (a position without a region of
  /// its own, a `where` filter, `#if` among the cases); nil when they can.
  var ambiguity: String?
  /// Why the decision's position is not one a fixture proves (`ProvenPositions`); nil when it is.
  var position: String?
  /// Why the implicit way out does not follow from the reach (a jump or a throw leaves the
  /// decision another way): then only `witness` can give it.
  var unproven: String?
  var witness: Witness?
  /// Why an enclosing context is not one a fixture proves (`ProvenContexts`): a result-builder
  /// body's `if` without `else`, a parameter-pack loop, a default argument; nil when every
  /// context is proven.
  var context: String?
  /// A flow law the counts must obey (`ConsistencyLaw`), checked on every derivation.
  var law: ConsistencyLaw?
  /// Whether the context breaks the exit law though the counts hold: a result-builder body's
  /// `if` without `else`, whose region after it counts the then side twice (`ProvenContexts`).
  var contextBreaksLaw = false
  /// Where the region of the block the decision's statement is in starts, when the region
  /// holding the decision counts wrong but the block's own region counts its reach (a statement
  /// after a result builder's `if` without `else`).
  var reachedInBlock: SourceLocation?
  /// Where the last call that can throw before the decision, in the same expression, ends:
  /// its reach is proven only by a region that starts there or later.
  var afterThrowingCall: SourceLocation?

  /// Where the region after the statement starts, when a law or a witness reads it.
  var after: SourceLocation? {
    if let law { return law.after }
    switch witness {
    case .after(let location), .afterMinus(let location, _): return location
    case .conditionEnd, .conditionMinusBody, nil: return nil
    }
  }

  /// Ways out of the decision, as cyclomatic complexity counts them.
  var paths: Int {
    switch shape {
    case .arms(let implicit): arms.count + (implicit == nil ? 0 : 1)
    case .catches: arms.count + 1
    case .someCatches: arms.count + 2
    case .guardElse, .loop, .repeatLoop, .rightSide: 2
    }
  }
}

/// A flow the regions must add up to around a decision: the region that starts where the
/// statement ends counts the ways out that continue there. A decision whose counts break it is
/// not derived, and the report names the law.
struct ConsistencyLaw: Sendable, Equatable {
  /// Where the statement ends: a region that starts there counts its exits.
  var after: SourceLocation
  /// The arms (by index) that always run to their end and continue after the statement; the
  /// other arms always leave it (a `return`, `throw`, `break`, `continue`).
  var through: [Int]
  /// Whether the implicit way out (`none`, `no error`) continues after the statement.
  var implicitThrough: Bool
}

/// The decisions of one source as its syntax gives them, before any count: they depend on the
/// source's bytes alone, so they can be kept between runs.
public struct SourceDecisions: Sendable, Equatable {
  var candidates: [Candidate]
}
