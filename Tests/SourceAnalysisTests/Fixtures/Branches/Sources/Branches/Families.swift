/// Decisions in positions where Swift's coverage mapping gives less than a region per outcome:
/// later conditions, `where` clauses, optional chains, conditions and loops left by a throw,
/// `do` without a catch-all, closures sharing a range, `@unknown default`, labels, `defer`.
/// Each `// expect:` comment is worked out by hand for the calls in `FamiliesTests`; `n/a`
/// entries give the reason the regions do not prove the counts.
public enum Families {
  public static func laterAnd(_ a: Bool, _ b: Bool, _ c: Bool) -> Int {
    if a, b && c { return 1 }  // expect: if reached=4 | then 1 | none 3 ;; && n/a: in a later condition of a list (only the first has a region)
    return 0
  }

  public static func guardLaterOr(_ x: Int?, _ y: Bool, _ z: Bool) -> Int {
    guard let x, y || z else { return 0 }  // expect: guard reached=4 | else 2 | pass 2 ;; || n/a: in a later condition of a list (only the first has a region)
    return x
  }

  public static func elseIfLater(_ x: Int, _ f: Bool) -> Int {
    if x < 0 {  // expect: if reached=5 | then 1 | else if 2 | none 2
      return -1
    } else if x > 0, f || x > 10 {  // expect: || n/a: in a later condition of a list (only the first has a region)
      return 1
    }
    return 0
  }

  public static func laterTernary(_ n: Int) -> Int {
    if n > 0, n > 5 ? true : n == 1 { return 1 }  // expect: if reached=4 | then 2 | none 2 ;; ?: n/a: in a later condition of a list (only the first has a region)
    return 0
  }

  public static func whileLater(_ xs: [Int], _ ok: Bool) -> Int {
    var i = 0
    while i < xs.count, xs[i] > 0 || ok {  // expect: while reached=2 | body 3 | exit 2 ;; || n/a: in a later condition of a list (only the first has a region)
      i += 1
    }
    return i
  }

  public static func caseWhere(_ v: Int) -> Int {
    switch v {  // expect: switch reached=3 | case let n where n > 0 && n < 10 1 | default 2
    case let n where n > 0 && n < 10: return 1  // expect: && n/a: in a where clause (no region of its own)
    default: return 0
    }
  }

  enum Failure: Error {
    case a
    case b(Int)
  }

  static func thrower(_ n: Int) throws -> Int {
    if n == 0 { throw Failure.a }  // expect: if reached=16 | then 5 | none 11
    if n < 0 { throw Failure.b(n) }  // expect: if reached=11 | then 5 | none 6
    return n
  }

  public static func catchWhere(_ n: Int) -> Int {
    do {  // expect: do-catch reached=5 | catch Failure.b(let m) where m < -5 || m == -1 2 | catch 2 | no error 1
      return try thrower(n)
    } catch Failure.b(let m) where m < -5 || m == -1 {  // expect: || n/a: in a where clause (no region of its own)
      return 1
    } catch {
      return 2
    }
  }

  public static func forWhere(_ xs: [Int]) -> Int {
    var total = 0
    for x in xs where x > 0 || x < -2 {  // expect: for-in n/a: a where clause (the body's region counts filtered elements too) ;; || n/a: in a where clause (no region of its own)
      total += x
    }
    return total
  }

  public final class Box {
    public var total = 0
    public init() {}
    public func add(_ v: Int) { total += v }
  }

  public static func optionalChainArg(_ use: Bool, _ v: Int?, _ flag: Bool) -> Int {
    let box: Box? = use ? Box() : nil  // expect: ?: reached=3 | then 1 | else 2
    box?.add(v ?? 0)  // expect: ?? n/a: in the arguments of an optional-chained call (no region of their own)
    box?.add(flag ? 1 : 2)  // expect: ?: n/a: in the arguments of an optional-chained call (no region of their own)
    return box?.total ?? -1  // expect: ?? reached=3 | right 2 | short 1
  }

  static func check(_ x: Int) throws -> Bool {
    if x < 0 { throw Failure.a }  // expect: if reached=8 | then 3 | none 5
    return x > 5
  }

  public static func ifTry(_ x: Int) throws -> Int {
    if try check(x) { return 1 }  // expect: if reached=3 | then 1 | none 1
    return 0
  }

  public static func ifTryElse(_ x: Int) throws -> Int {
    if try check(x) { return 1 } else { return 0 }  // expect: if reached=2 | then 1 | else 0
  }

  public static func guardTry(_ x: Int) throws -> Int {
    guard try check(x) else { return 0 }  // expect: guard reached=3 | else 1 | pass 1
    return 1
  }

  final class Source {
    var n: Int
    init(_ n: Int) { self.n = n }
    func more() throws -> Bool {
      n -= 1
      if n < -1 { throw Failure.a }  // expect: if reached=11 | then 2 | none 9
      return n >= 0
    }
  }

  public static func whileTry(_ n: Int, _ limit: Int) throws -> Int {
    let source = Source(n)
    var count = 0
    while try source.more() {  // expect: while reached=2 | body 5 | exit 1
      count += 1
      if count > limit { source.n = -5 }  // expect: if reached=5 | then 1 | none 4
    }
    return count
  }

  public static func drain(_ n: Int) throws -> Int {
    let source = Source(n)
    var steps = 0
    repeat {  // expect: repeat-while reached=2 | body 4 | again 2 | exit 1
      steps += 1
    } while try source.more()
    return steps
  }

  static func items(_ n: Int) throws -> [Int] {
    if n < 0 { throw Failure.a }  // expect: if reached=2 | then 1 | none 1
    return Array(0..<n)
  }

  public static func forTry(_ n: Int) throws -> Int {
    var total = 0
    for x in try items(n) {  // expect: for-in reached=2 | body 3 | exit 1
      total += x
    }
    return total
  }

  public static func tryInCatch(_ xs: [Int]) throws -> Int {
    var total = 0
    for x in xs {  // expect: for-in reached=2 | body 3 | exit 1
      do {  // expect: do-catch reached=3 | catch 1 | no error 2
        total += try thrower(x)
      } catch {
        total += try thrower(x - 100 * x * x)
      }
    }
    return total
  }

  public static func noCatchAllInLoop(_ xs: [Int]) throws -> Int {
    var total = 0
    for x in xs {  // expect: for-in reached=2 | body 4 | exit 1
      do {  // expect: do-catch reached=4 | catch Failure.a 1 | no error 2 | uncaught 1
        total += try thrower(x)
      } catch Failure.a {
        total -= 1
      }
    }
    return total
  }

  public static func noCatchAll(_ n: Int) throws -> Int {
    do {  // expect: do-catch n/a: no catch-all (an error no clause matches leaves the do)
      return try thrower(n)
    } catch Failure.a {
      return 0
    }
  }

  static func maybe(_ n: Int) throws -> Int? {
    guard n >= 0 else { throw Failure.a }  // expect: guard reached=11 | else 4 | pass 7
    return n == 0 ? nil : n  // expect: ?: reached=7 | then 3 | else 4
  }

  public static func tryLeft(_ n: Int) throws -> Int {
    try maybe(n) ?? 7  // expect: ?? reached=2 | right 1 | short 1
  }

  public static func tryOptional(_ n: Int) -> Int {
    (try? maybe(n)) ?? 9  // expect: ?? reached=3 | right 2 | short 1
  }

  public static func tryOptionalBare(_ n: Int) -> Int? {
    try? maybe(n) ?? 9  // expect: ?? reached=1 | right 0 | short 1
  }

  public static func kindOf(_ n: Int) throws -> String {
    switch try maybe(n) {  // expect: switch reached=3 | case nil 1 | case .some 1
    case nil: return "none"
    case .some: return "some"
    }
  }

  public static func handlerOr(_ handler: (() -> Int)?) -> Int {
    let run = handler ?? { 7 }  // expect: ?? reached=3 | right 2 | short 1
    return run()
  }

  public static func handlerTwice(_ handler: (() -> Int)?) -> Int {
    let run = handler ?? { 8 }  // expect: ?? reached=3 | right 2 | short 1
    return run() + run()
  }

  /// Closure literals as a ternary's arms: each arm's region (this function's) shares its range
  /// with the closure's body, which runs as often as the closure is called.
  public static func pickRun(_ twice: Bool) -> Int {
    let run: () -> Int = twice ? { 2 } : { 1 }  // expect: ?: reached=3 | then 2 | else 1
    return run() + run() + run()
  }

  /// A decision inside a closure literal that shares its range: counted as the closure's body
  /// ran, not as often as the `??` took its right side.
  public static func signRun(_ handler: ((Int) -> Int)?, _ x: Int) -> Int {
    let run = handler ?? { $0 > 0 ? 1 : -1 }  // expect: ?? reached=3 | right 2 | short 1 ;; ?: reached=4 | then 2 | else 2
    return run(x) + run(-x)
  }

  public static func unknownDefault(_ sign: FloatingPointSign) -> Int {
    switch sign {  // expect: switch reached=3 | case .plus 2 | default 1
    case .plus: return 1
    @unknown default: return 0
    }
  }

  public static func labelledInner(_ grid: [[Int]]) -> Int {
    var found = 0
    for row in grid {  // expect: for-in reached=1 | body 2 | exit 1
      inner: for x in row {  // expect: for-in reached=2 | body 3 | exit 1
        if x < 0 { break inner }  // expect: if reached=3 | then 1 | none 2
        found += x
      }
    }
    return found
  }

  public static func skipNegatives(_ grid: [[Int]]) -> Int {
    var total = 0
    for row in grid {  // expect: for-in reached=1 | body 2 | exit 1
      inner: for x in row {  // expect: for-in reached=2 | body 4 | exit 2
        if x < 0 { continue inner }  // expect: if reached=4 | then 1 | none 3
        total += x
      }
    }
    return total
  }

  public static func fill(_ box: Box, _ xs: [Int]) {
    for x in xs { box.add(x) }  // expect: for-in reached=2 | body 3 | exit 2
  }

  public static func deferred(_ x: Int) -> Int {
    var r = 0
    defer { if x > 2 { r += 1 } }  // expect: if n/a: in a defer body (no regions of its own)
    r = x
    return r
  }
}
