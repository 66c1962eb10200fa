/// A closure given as a default argument is compiled into every file that calls without the
/// argument.
/// Each `// expect:` comment is worked out by hand for the calls in the tests and checked against
/// llvm-cov's regions; `n/a` entries give the reason the derivation leaves a decision out, and
/// `// truth:` the counts the code really had where that reason is a context or a law.
public enum Defaults {
  public static func pick(_ n: Int, _ choose: (Int) -> String = { $0 > 0 ? "up" : "down" }) -> String {  // expect: ?: n/a: context not proven (a default argument: compiled into the code that calls without it) // truth: ?: reached=4 | then 3 | else 1
    choose(n)
  }

  public static func callHere(_ n: Int) -> String { pick(n) }
}
