/// Decisions in and after patterns: a `case ... where`, typed throws, noncopyable values, and
/// kinds of decision whose counts the regions do give.
/// Each `// expect:` comment is worked out by hand for the calls in the tests and checked against
/// llvm-cov's regions; `n/a` entries give the reason the derivation leaves a decision out, and
/// `// truth:` the counts the code really had where that reason is a context or a law.
public enum Patterns {
  public static func caseWhereBody(_ v: Int) -> Int {
    switch v {  // expect: switch reached=5 | case let n where n > 0 4 | default 1
    case let n where n > 0: return n > 5 ? 2 : 1  // expect: ?: reached=4 | then 2 | else 2
    default: return 0
    }
  }

  public static func caseWhereTernary(_ v: Int, _ f: Bool) -> Int {
    switch v {  // expect: switch reached=4 | case let n where (f ? n > 0 : n < 0) 2 | default 2
    case let n where (f ? n > 0 : n < 0): return 1  // expect: ?: n/a: in a where clause (no region of its own)
    default: return 0
    }
  }

  public enum Failure: Error { case small, large(Int) }

  public static func typed(_ n: Int) throws(Failure) -> Int {
    if n < 0 { throw .small }  // expect: if reached=11 | then 3 | none 8
    if n > 100 { throw .large(n) }  // expect: if reached=8 | then 4 | none 4
    return n
  }

  public static func typedCatch(_ n: Int) -> Int {
    do throws(Failure) {  // expect: do-catch reached=5 | catch .small 1 | catch 2 | no error 2
      return try typed(n)
    } catch .small {
      return -1
    } catch {
      guard case .large(let m) = error else { return -4 }  // expect: guard reached=2 | else 0 | pass 2
      return m > 1000 ? -3 : -2  // expect: ?: reached=2 | then 1 | else 1
    }
  }

  public static func onePattern(_ n: Int) throws -> Int {
    do {  // expect: do-catch reached=3 | catch Failure.small 1 | no error 1 | uncaught 1
      _ = try typed(n)
    } catch Failure.small {
      return -1
    }
    return n
  }

  public static func lastOperand(_ a: Bool, _ b: Bool, _ c: Bool) -> Int {
    if a && b { return 1 }  // expect: && reached=5 | right 3 | short 2 ;; if reached=5 | then 1 | none 4
    guard b || c else { return 2 }  // expect: guard reached=4 | else 1 | pass 3 ;; || reached=4 | right 3 | short 1
    while a && c { return 3 }  // expect: && reached=3 | right 1 | short 2 ;; while reached=3 | body 1 | exit 2
    return 0
  }

  static func fallback(_ n: Int) -> Int { n * 2 }

  public static func callOnRight(_ x: Int?, _ n: Int) -> Int {
    x ?? fallback(n)  // expect: ?? reached=3 | right 2 | short 1
  }

  public static func earlyContinue(_ xs: [Int]) -> Int {
    var sum = 0
    for x in xs {  // expect: for-in reached=2 | body 5 | exit 2
      if x < 0 { continue }  // expect: if reached=5 | then 3 | none 2
      sum += x
    }
    return sum
  }

  public static func guardContinue(_ xs: [Int]) -> Int {
    var sum = 0
    for x in xs {  // expect: for-in reached=1 | body 3 | exit 1
      guard x > 0 else { continue }  // expect: guard reached=3 | else 1 | pass 2
      sum += x > 10 ? 10 : x  // expect: ?: reached=2 | then 1 | else 1
    }
    return sum
  }
}

/// A value that cannot be copied: decisions in its consuming and borrowing methods.
public struct Ticket: ~Copyable {
  public var seats: Int
  public init(seats: Int) { self.seats = seats }

  public borrowing func price() -> Int {
    seats > 4 ? seats * 8 : seats * 10  // expect: ?: reached=3 | then 2 | else 1
  }

  public consuming func redeem(_ member: Bool) -> Int {
    if member { return 0 }  // expect: if reached=3 | then 1 | none 2
    return price()
  }
}
