/// One function per construct covgate derives branches for. The `// expect:` comment on each
/// decision's line gives its outcome counts, by hand, for the calls in `DecisionsTests`:
/// `reached` is how often the decision ran, then each outcome in source order.
public enum Decisions {
  public static func sign(_ x: Int) -> Int {
    if x > 0 {  // expect: if reached=4 | then 2 | else if 1 | else 1
      return 1
    } else if x < 0 {
      return -1
    } else {
      return 0
    }
  }

  public static func clamp(_ x: Int) -> Int {
    var y = x
    if y > 10 { y = 10 }  // expect: if reached=3 | then 1 | none 2
    return y
  }

  public static func neverCalled(_ x: Int) -> Int {
    if x == 0 { return 1 }  // expect: if reached=0 | then 0 | none 0
    return 2
  }

  public static func half(_ x: Int?) -> Int {
    guard let x else { return 0 }  // expect: guard reached=3 | else 1 | pass 2
    return x / 2
  }

  public enum Weather { case sun, rain, snow }

  public static func describe(_ weather: Weather) -> String {
    switch weather {  // expect: switch reached=3 | case .sun 2 | case .rain 1 | default 0
    case .sun: return "sunny"
    case .rain: return "wet"
    default: return "cold"
    }
  }

  struct Failure: Error {}

  static func fail(_ really: Bool) throws -> Int {
    if really { throw Failure() }  // expect: if reached=3 | then 1 | none 2
    return 1
  }

  public static func attempt(_ really: Bool) -> Int {
    do {  // expect: do-catch reached=3 | catch 1 | no error 2
      return try fail(really)
    } catch {
      return -1
    }
  }

  public static func sum(_ values: [Int]) -> Int {
    var total = 0
    for value in values {  // expect: for-in reached=2 | body 3 | exit 2
      total += value
    }
    return total
  }

  public static func countDown(_ from: Int) -> Int {
    var n = from
    var steps = 0
    while n > 0 {  // expect: while reached=2 | body 3 | exit 2
      n -= 1
      steps += 1
    }
    return steps
  }

  public static func atLeastOnce(_ times: Int) -> Int {
    var n = 0
    repeat {  // expect: repeat-while reached=2 | body 4 | again 2 | exit 2
      n += 1
    } while n < times
    return n
  }

  public static func pick(_ flag: Bool) -> String {
    flag ? "yes" : "no"  // expect: ?: reached=3 | then 3 | else 0
  }

  public static func both(_ a: Bool, _ b: Bool) -> Bool {
    a && b  // expect: && reached=3 | right 2 | short 1
  }

  public static func either(_ a: Bool, _ b: Bool) -> Bool {
    a || b  // expect: || reached=3 | right 1 | short 2
  }

  public static func fallback(_ value: Int?) -> Int {
    value ?? 7  // expect: ?? reached=2 | right 1 | short 1
  }

  public static func earlyExit(_ values: [Int]) -> Int? {
    for value in values where value < 0 {  // expect: for-in n/a: a where clause (the body's region counts filtered elements too)
      return value
    }
    return nil
  }

  public static func larger<T: Comparable>(_ a: T, _ b: T) -> T {
    if a > b { return a }  // expect: if reached=3 | then 2 | none 1
    return b
  }

  public static func platformName() -> String {
    #if NEVER_DEFINED
      if true { return "never" }  // expect: no data
    #endif
    return "linux"
  }

  public static func evens(_ values: [Int]) -> [Int] {
    values.filter { $0 % 2 == 0 ? true : false }  // expect: ?: reached=3 | then 1 | else 2
  }

  public static func firstNegative(_ values: [Int]) -> Int? {
    var index = 0
    while index < values.count {  // expect: while reached=1 | body 2 | exit 0
      if values[index] < 0 { break }  // expect: if reached=2 | then 1 | none 1
      index += 1
    }
    return index < values.count ? values[index] : nil  // expect: ?: reached=1 | then 1 | else 0
  }

  public static func inQuadrant(_ x: Int, _ y: Int) -> Bool {
    if x > 0 && y > 0 { return true }  // expect: if reached=3 | then 1 | none 2 ;; && reached=3 | right 2 | short 1
    return false
  }

  public static func rank(_ n: Int) -> Int {
    var score = 0
    switch n {  // expect: switch n/a: fallthrough
    case 0:
      score += 1
      fallthrough
    default: score += 1
    }
    return score
  }

  public static func anyOf(_ a: Bool, _ b: Bool, _ c: Bool) -> Bool {
    a || b && c  // expect: || reached=3 | right 2 | short 1 ;; && reached=2 | right 1 | short 1
  }

  public static func firstOf(_ a: Int?, _ b: Int?) -> Int {
    a ?? b ?? 0  // expect: ?? reached=3 | right 2 | short 1 ;; ?? reached=2 | right 1 | short 1
  }

  public enum Only { case one }

  public static func only(_ value: Only) -> Int {
    switch value {  // expect: nothing (a switch with one case decides nothing)
    case .one: return 1
    }
  }

  public static func parseAll(_ texts: [String]) -> Int {
    var total = 0
    for text in texts {  // expect: for-in reached=1 | body 2 | exit 1
      do {  // expect: do-catch reached=2 | catch 1 | no error 1
        total += try parse(text)
      } catch {
        total -= 1
      }
    }
    return total
  }

  public static func parseEach(_ texts: [String]) throws -> Int {
    var total = 0
    for text in texts {  // expect: for-in reached=1 | body 2 | exit 1
      total += try parse(text)
    }
    return total
  }

  static func parse(_ text: String) throws -> Int {
    guard let value = Int(text) else { throw Failure() }  // expect: guard reached=4 | else 1 | pass 3
    return value
  }
}
