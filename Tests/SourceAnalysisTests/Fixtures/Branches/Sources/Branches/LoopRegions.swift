/// Loops whose regions Swift's coverage mapping counts otherwise than the code runs: a body
/// behind a filtering pattern or `where` counts every element, and a `repeat` condition counts
/// every entry of the body, even those that left it by a throw. Each `// expect:` comment is
/// worked out by hand for the calls in `LoopRegionsTests`.
public enum LoopRegions {
  enum Stop: Error { case zero }

  static func step(_ n: Int) throws -> Int {
    guard n != 0 else { throw Stop.zero }  // expect: guard reached=8 | else 2 | pass 6
    return n
  }

  public static func forCaseOptional(_ xs: [Int?]) -> Int {
    var total = 0
    for case let x? in xs {  // expect: for-in n/a: a case pattern (the body's region counts the elements it rejects too)
      if x > 2 {  // expect: if n/a: in the body of a loop that filters (its region counts the elements filtered out too)
        total += x
      }
    }
    return total
  }

  public static func forCaseSome(_ xs: [Int?]) -> Int {
    var total = 0
    for case .some(let v) in xs {  // expect: for-in n/a: a case pattern (the body's region counts the elements it rejects too)
      total += v > 1 ? v : 0  // expect: ?: n/a: in the body of a loop that filters (its region counts the elements filtered out too)
    }
    return total
  }

  public static func forWhereInner(_ xs: [Int]) -> Int {
    var total = 0
    for x in xs where x > 0 {  // expect: for-in n/a: a where clause (the body's region counts filtered elements too)
      if x.isMultiple(of: 2) { total += x }  // expect: if n/a: in the body of a loop that filters (its region counts the elements filtered out too)
    }
    return total
  }

  public static func repeatThrowing(_ xs: [Int], _ more: Bool) throws -> Int {
    var i = 0
    repeat {  // expect: repeat-while reached=2 | body 5 | again 3 | exit 1
      _ = try step(xs[i])
      i += 1
    } while i < xs.count && more  // expect: && n/a: in the condition of a repeat-while whose body can leave it (the condition's region counts every entry of the body)
    return i
  }

  public static func sumUntilLarge(_ xs: [Int]) -> Int {
    var it = xs.makeIterator()
    var total = 0
    while let x = it.next() {  // expect: while n/a: a break
      if x > 9 { break }  // expect: if reached=4 | then 1 | none 3
      total += x
    }
    return total
  }

  public static func whileThrowing(_ xs: [Int], _ more: Bool) throws -> Int {
    var i = 0
    while i < xs.count && more {  // expect: while reached=2 | body 3 | exit 1 ;; && reached=4 | right 3 | short 1
      _ = try step(xs[i])
      i += 1
    }
    return i
  }
}
