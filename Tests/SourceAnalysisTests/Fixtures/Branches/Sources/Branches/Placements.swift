/// One decision in each position a derivation trusts (`ProvenPositions` in covgate): nested in
/// another decision's outcome, in an operand, an argument, an interpolation, an initializer, an
/// accessor, a closure, an active `#if`; and two positions that have no region at all. Each
/// `// expect:` comment is worked out by hand for the calls in `PlacementsTests`.
public enum Placements {
  struct Stop: Error {}

  static func nonzero(_ n: Int) throws -> Int {
    guard n != 0 else { throw Stop() }  // expect: guard reached=6 | else 3 | pass 3
    return n
  }

  public static func inGuardElse(_ x: Int?, _ loud: Bool) -> String {
    guard let x else { return loud ? "NONE" : "none" }  // expect: guard reached=3 | else 2 | pass 1 ;; ?: reached=2 | then 1 | else 1
    return "\(x)"
  }

  public static func inGuardCondition(_ a: Bool, _ b: Bool) -> Int {
    guard a || b else { return 0 }  // expect: guard reached=3 | else 1 | pass 2 ;; || reached=3 | right 2 | short 1
    return 1
  }

  public static func inIfBody(_ a: Bool, _ b: Bool) -> Int {
    if a {  // expect: if reached=3 | then 2 | else 1
      return b ? 1 : 2  // expect: ?: reached=2 | then 1 | else 1
    } else {
      return b && a ? 3 : 4  // expect: ?: reached=1 | then 0 | else 1 ;; && reached=1 | right 1 | short 0
    }
  }

  public static func inSwitchSubject(_ a: Bool) -> String {
    switch a ? 1 : 2 {  // expect: switch reached=3 | case 1 2 | default 1 ;; ?: reached=3 | then 2 | else 1
    case 1: return "one"
    default: return "other"
    }
  }

  public static func inCase(_ n: Int, _ loud: Bool) -> String {
    switch n {  // expect: switch reached=3 | case 0 2 | default 1
    case 0: return loud ? "ZERO" : "zero"  // expect: ?: reached=2 | then 1 | else 1
    default: return "many"
    }
  }

  public static func inDoAndCatch(_ n: Int, _ loud: Bool) -> Int {
    do {  // expect: do-catch reached=3 | catch 2 | no error 1
      let value = try nonzero(n)
      return value > 3 ? 3 : value  // expect: ?: reached=1 | then 1 | else 0
    } catch {
      return loud ? -1 : 0  // expect: ?: reached=2 | then 1 | else 1
    }
  }

  public static func inRepeat(_ limit: Int, _ more: Bool) -> Int {
    var i = 0
    repeat {  // expect: repeat-while reached=2 | body 4 | again 2 | exit 2
      i += i > 0 ? 1 : 2  // expect: ?: reached=4 | then 2 | else 2
    } while i < limit && more  // expect: && reached=4 | right 3 | short 1
    return i
  }

  public static func nestedThen(_ a: Bool, _ b: Bool) -> Int {
    a ? (b ? 1 : 2) : 3  // expect: ?: reached=2 | then 1 | else 1 ;; ?: reached=3 | then 2 | else 1
  }

  public static func inOperand(_ a: Bool, _ b: Bool, _ c: Bool) -> Bool {
    a && (b || c)  // expect: && reached=3 | right 2 | short 1 ;; || reached=2 | right 1 | short 1
  }

  public static func inArgument(_ x: Int?) -> Int {
    abs(x ?? -4)  // expect: ?? reached=3 | right 1 | short 2
  }

  public static func negated(_ a: Bool, _ b: Bool) -> Bool {
    !(a && b)  // expect: && reached=3 | right 2 | short 1
  }

  public static func inTry(_ a: Bool) throws -> Int {
    try nonzero(a ? 1 : 0)  // expect: ?: reached=3 | then 2 | else 1
  }

  public static func countOf(_ text: String?) -> Int {
    (text ?? "").count  // expect: ?? reached=2 | right 1 | short 1
  }

  public static func label(_ on: Bool) -> String {
    "state: \(on ? "on" : "off")"  // expect: ?: reached=3 | then 1 | else 2
  }

  public static func pair(_ a: Bool) -> [Int] {
    [a ? 1 : 0, 2]  // expect: ?: reached=2 | then 1 | else 1
  }

  public static func inOptionalBinding(_ a: Int?, _ b: Int?) -> Int {
    if let x = a ?? b { return x }  // expect: if reached=3 | then 2 | none 1 ;; ?? reached=3 | right 2 | short 1
    return 0
  }

  public static func entry(_ a: Bool) -> [String: Int] {
    ["k": a ? 1 : 0]  // expect: ?: reached=2 | then 1 | else 1
  }

  public static func clampAll(_ xs: [Int]) -> [Int] {
    xs.map { $0 > 0 ? $0 : 0 }  // expect: ?: reached=3 | then 2 | else 1
  }

  public static func inActiveIf(_ a: Bool) -> Int {
    #if swift(>=5.0) && !NEVER_DEFINED
      return a ? 1 : 0  // expect: ?: reached=2 | then 1 | else 1
    #else
      return a ? 2 : 3  // expect: no data
    #endif
  }

  public struct Sized {
    public let size: Int
    public init(_ n: Int) { size = n > 9 ? 9 : n }  // expect: ?: reached=2 | then 1 | else 1
    public var isSmall: Bool { size < 3 || size == 9 }  // expect: || reached=2 | right 1 | short 1
  }

  static let threshold = CommandLine.arguments.isEmpty ? 1 : 2  // expect: ?: n/a: no region: position not proven (a stored property's initializer)

  public static func scaled(_ x: Int, by factor: Int = CommandLine.arguments.isEmpty ? 1 : 2) -> Int {  // expect: ?: n/a: no region: position not proven (a default argument)
    x * factor * threshold
  }
}
