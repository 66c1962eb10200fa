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
    while let x = it.next() {  // expect: while reached=2 | body 4 | exit 1
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

  /// `for try await`: the `try` sits on the loop, and an element that throws leaves it without
  /// an exit, so the region after the loop gives the exits.
  public static func sumAsync(_ xs: [Int], failAt: Int?) async throws -> Int {
    var total = 0
    for try await x in Elements(xs: xs, failAt: failAt) {  // expect: for-in reached=3 | body 3 | exit 2
      total += x
    }
    return total
  }

  /// The elements of `xs`, throwing when `failAt` is reached.
  public struct Elements: AsyncSequence, AsyncIteratorProtocol {
    let xs: [Int]
    let failAt: Int?
    var index = 0

    public func makeAsyncIterator() -> Elements { self }

    public mutating func next() async throws -> Int? {
      if index == failAt { throw Stop.zero }  // expect: if reached=6 | then 1 | none 5
      guard index < xs.count else { return nil }  // expect: guard reached=5 | else 2 | pass 3
      index += 1
      return xs[index - 1]
    }
  }

  /// A `break` as a `guard`'s else: the region after the loop counts the exits and the breaks,
  /// the else's region the breaks.
  public static func countUntilNegative(_ xs: [Int]) -> Int {
    var count = 0
    for x in xs {  // expect: for-in reached=3 | body 4 | exit 2
      guard x >= 0 else { break }  // expect: guard reached=4 | else 1 | pass 3
      count += 1
    }
    return count
  }

  /// A `break` as an `if`'s then: the then's region counts the breaks.
  public static func sumBelowTen(_ xs: [Int]) -> Int {
    var total = 0
    for x in xs {  // expect: for-in reached=2 | body 4 | exit 1
      if x >= 10 { break }  // expect: if reached=4 | then 1 | none 3
      total += x
    }
    return total
  }
}
