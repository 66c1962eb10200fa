/// Parameter packs: a `for` over a pack expansion, and decisions in its body.
/// Each `// expect:` comment is worked out by hand for the calls in the tests and checked against
/// llvm-cov's regions; `n/a` entries give the reason the derivation leaves a decision out, and
/// `// truth:` the counts the code really had where that reason is a context or a law.
public enum Packs {
  public static func countTrue<each T: Equatable>(_ values: repeat each T, like probe: (repeat each T)) -> Int {
    var matches = 0
    for (value, wanted) in repeat (each values, each probe) {  // expect: for-in n/a: context not proven (a for-in over a parameter pack: its body's region counts 0) // truth: for-in reached=2 | body 4 | exit 2
      matches += value == wanted ? 1 : 0  // expect: ?: n/a: context not proven (a for-in over a parameter pack: its body's region counts 0) // truth: ?: reached=4 | then 2 | else 2
    }
    return matches
  }

  public static func total<each T: BinaryInteger>(_ values: repeat each T) -> Int {
    var sum = 0
    for value in repeat each values {  // expect: for-in n/a: context not proven (a for-in over a parameter pack: its body's region counts 0) // truth: for-in reached=2 | body 5 | exit 2
      if value > 2 {  // expect: if n/a: context not proven (a for-in over a parameter pack: its body's region counts 0) // truth: if reached=5 | then 3 | none 2
        sum += Int(value)
      }
    }
    return sum
  }
}
