/// More shapes of the decisions the regions give counts for: operands last in a statement,
/// calls on the right of `??`, loops left early by `continue`, patterns in `case` labels.
/// Each `// expect:` comment is worked out by hand for the calls in the tests and checked against
/// llvm-cov's regions; `n/a` entries give the reason the derivation leaves a decision out, and
/// `// truth:` the counts the code really had where that reason is a context or a law.
public enum Variants {
  public static func returnAnd(_ a: Bool, _ b: Bool) -> Bool {
    return a && b  // expect: && reached=3 | right 2 | short 1
  }

  public static func assignOr(_ a: Bool, _ b: Bool) -> Int {
    let ok = a || b  // expect: || reached=4 | right 3 | short 1
    return ok ? 1 : 0  // expect: ?: reached=4 | then 2 | else 2
  }

  public static func chain(_ a: Bool, _ b: Bool, _ c: Bool) -> Int {
    if a && b && c { return 1 }  // expect: && reached=5 | right 2 | short 3 ;; && reached=5 | right 3 | short 2 ;; if reached=5 | then 1 | none 4
    if a || b && c { return 2 }  // expect: && reached=2 | right 1 | short 1 ;; if reached=4 | then 3 | none 1 ;; || reached=4 | right 2 | short 2
    return 0
  }

  static func lookup(_ key: Int) -> Int? { key > 0 ? key : nil }  // expect: ?: reached=2 | then 1 | else 1

  public static func callChain(_ x: Int?, _ key: Int) -> Int {
    x ?? lookup(key) ?? -1  // expect: ?? reached=2 | right 1 | short 1 ;; ?? reached=3 | right 2 | short 1
  }

  public static func callArgument(_ x: Int?, _ key: Int) -> Int {
    abs(x ?? Int(String(key))!)  // expect: ?? reached=3 | right 1 | short 2
  }

  public static func whileContinue(_ n: Int) -> Int {
    var i = 0
    var odd = 0
    while i < n {  // expect: while reached=2 | body 5 | exit 2
      i += 1
      if i % 2 == 0 { continue }  // expect: if reached=5 | then 2 | none 3
      odd += 1
    }
    return odd
  }

  public static func repeatContinue(_ n: Int) -> Int {
    var i = 0
    var odd = 0
    repeat {  // expect: repeat-while reached=1 | body 4 | again 3 | exit 1
      i += 1
      if i % 2 == 0 { continue }  // expect: if reached=4 | then 2 | none 2
      odd += 1
    } while i < n
    return odd
  }

  public static func switchContinue(_ xs: [Int]) -> Int {
    var sum = 0
    for x in xs {  // expect: for-in reached=1 | body 4 | exit 1
      switch x {  // expect: switch reached=4 | case ..<0 2 | default 2
      case ..<0: continue
      default: sum += x
      }
    }
    return sum
  }

  public static func patternTernary(_ v: Int, _ f: Bool) -> Int {
    switch v {  // expect: switch reached=4 | case (f ? 1 : 2) 2 | default 2
    case (f ? 1 : 2): return 1  // expect: ?: n/a: position not proven (expressionPattern.expression)
    default: return 0
    }
  }

  public static func ifCaseWhere(_ v: Int?) -> Int {
    if case let n? = v, n > 0 { return n > 5 ? 2 : 1 }  // expect: ?: reached=3 | then 2 | else 1 ;; if reached=5 | then 3 | none 2
    return 0
  }

  public static func fallThroughCatch(_ n: Int) throws -> Int {
    var result = n
    do {  // expect: do-catch reached=3 | catch Patterns.Failure.small 1 | no error 1 | uncaught 1
      result = try Patterns.typed(n)
    } catch Patterns.Failure.small {
      result = 0
    }
    return result
  }

  public static func nestedIf(_ a: Bool, _ b: Bool) -> Int {
    var n = 0
    if a {  // expect: if reached=4 | then 3 | none 1
      if b { return 5 }  // expect: if reached=3 | then 1 | none 2
      n += 1
    }
    return n
  }

  public static func switchReturns(_ v: Int) -> Int {
    var n = 0
    switch v {  // expect: switch reached=5 | case 0 1 | case 1 2 | default 2
    case 0: return 9
    case 1: n = 1
    default: n = 2
    }
    return n
  }

  struct Bad: Error {}

  static func check(_ x: Int) throws -> Bool {
    if x < 0 { throw Bad() }  // expect: if reached=14 | then 3 | none 11
    return x > 5
  }

  public static func andAfterTry(_ x: Int, _ flag: Bool) throws -> Int {
    if try check(x) && flag { return 1 }  // expect: && reached=3 | right 2 | short 1 ;; if reached=4 | then 1 | none 2
    return 0
  }

  public static func orAfterTryInGuard(_ x: Int, _ flag: Bool) throws -> Int {
    guard try check(x) || flag else { return 2 }  // expect: guard reached=4 | else 1 | pass 2 ;; || reached=3 | right 2 | short 1
    return 3
  }

  public static func continueAfterTry(_ xs: [Int]) throws -> Int {
    var n = 0
    for x in xs {  // expect: for-in reached=2 | body 6 | exit 1
      if try check(x) { continue }  // expect: if reached=6 | then 2 | none 3
      n += 1
    }
    return n
  }

  public static func doMayThrow(_ n: Int) -> Int {
    var result = 0
    do {  // expect: do-catch reached=3 | catch 1 | no error 2
      if n > 0 {  // expect: if reached=3 | then 2 | none 1
        guard n < 100 else { throw Bad() }  // expect: guard reached=2 | else 1 | pass 1
        result = n
      }
    } catch {
      return -1
    }
    return result
  }

  struct Box {
    var value: Int
    init(_ value: Int) { self.value = value }
    func doubled() -> Int { value * 2 }
  }

  public static func calledBase(_ xs: [Int]?, _ up: Bool) -> Int {
    (xs ?? []).map { $0 * 2 }.count + Box(up ? 1 : 2).doubled()  // expect: ?: reached=3 | then 2 | else 1 ;; ?? reached=3 | right 2 | short 1
  }

  struct Coded: Error { var code: Int }

  public static func throwValue(_ n: Int) throws -> Int {
    if n < 0 { throw Coded(code: n < -5 ? 2 : 1) }  // expect: ?: reached=3 | then 2 | else 1 ;; if reached=4 | then 3 | none 1
    return n
  }

  public static func subscripts(_ xs: [Int], _ i: Int?, _ table: [[Int]]?) -> Int {
    xs[i ?? 0] + (table ?? [[7]])[0][0]  // expect: ?? reached=3 | right 2 | short 1 ;; ?? reached=3 | right 2 | short 1
  }

  public static func loopOver(_ xs: [Int]?) -> Int {
    var n = 0
    for x in xs ?? [] { n += x }  // expect: ?? reached=3 | right 1 | short 2 ;; for-in reached=3 | body 2 | exit 3
    return n
  }
}
