/// Decisions in and around macro expansions: in a freestanding macro's argument (compiled
/// inside the expansion), beside expansions that hold decisions the source does not show, and in
/// a function a peer macro copies into a function of its own.
/// Each `// expect:` comment is worked out by hand for the calls in the tests and checked against
/// llvm-cov's regions; `n/a` entries give the reason the derivation leaves a decision out, and
/// `// truth:` the counts the code really had where that reason is a context.
public enum Uses {
  public static func inArgument(_ a: Int, _ b: Int) -> Int {
    let (value, _) = #stringify(a > b ? a : b)  // expect: ?: n/a: no region: position not proven (a macro's argument) // truth: ?: reached=3 | then 1 | else 2
    return value
  }

  public static func closureInArgument(_ xs: [Int]) -> Int {
    let (count, _) = #stringify(xs.filter { $0 > 0 ? true : false }.count)  // expect: ?: n/a: no region: context not proven (a macro's argument: the macro decides where its code goes) // truth: ?: reached=4 | then 2 | else 2
    return count
  }

  public static func afterExpansion(_ v: Int) -> Int {
    let c = #clamp(v, 0, 10)
    if c == 10 { return -1 }  // expect: if reached=4 | then 2 | none 2
    return c
  }

  public static func macroInCondition(_ v: Int) -> Int {
    if #clamp(v, 0, 10) > 5 { return 1 }  // expect: if reached=3 | then 1 | none 2
    return 0
  }

  public static func macroOnTheRight(_ v: Int) -> Int {
    if v > 0 && #clamp(v, 0, 10) == 10 { return 1 }  // expect: && reached=3 | right 2 | short 1 ;; if reached=3 | then 1 | none 2
    return v > 2 ? 2 : 0  // expect: ?: reached=2 | then 1 | else 1
  }

  @AddChecked
  public static func half(_ x: Int) -> Int {
    x % 2 == 0 ? x / 2 : (x - 1) / 2  // expect: ?: reached=4 | then 2 | else 2
  }

  public static func loopAroundExpansion(_ xs: [Int]) -> Int {
    var total = 0
    for x in xs {  // expect: for-in reached=2 | body 5 | exit 1
      total += #clamp(x, 0, 3)
      if total > 4 { break }  // expect: if reached=5 | then 1 | none 4
    }
    return total
  }
}
