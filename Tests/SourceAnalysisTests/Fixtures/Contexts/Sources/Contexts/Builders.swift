/// A result builder like SwiftUI's: `if` without `else`, `if`/`else`, `switch` and `for`
/// inside a builder body are transformed into `buildOptional`, `buildEither` and `buildArray`.
/// Each `// expect:` comment is worked out by hand for the calls in the tests and checked against
/// llvm-cov's regions; `n/a` entries give the reason the derivation leaves a decision out, and
/// `// truth:` the counts the code really had where a context or a law is involved.
@resultBuilder
public enum ListBuilder {
  public static func buildExpression(_ item: String) -> [String] { [item] }
  public static func buildBlock(_ parts: [String]...) -> [String] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [String]?) -> [String] { part ?? [] }  // expect: ?? reached=16 | right 9 | short 7
  public static func buildEither(first: [String]) -> [String] { first }
  public static func buildEither(second: [String]) -> [String] { second }
  public static func buildArray(_ parts: [[String]]) -> [String] { parts.flatMap { $0 } }
}

public func list(@ListBuilder _ content: () -> [String]) -> [String] { content() }

public enum Weather: Sendable { case sun, rain(Int), snow }

public enum Builders {
  @ListBuilder public static func optional(_ flag: Bool, _ other: Bool) -> [String] {
    "start"
    if flag {  // expect: if reached=3 | then 1 | none 2
      "flag"
    }
    if other {  // expect: if reached=3 | then 1 | none 2 // truth: if reached=3 | then 1 | none 2
      "other"
    }
    "end"
  }

  @ListBuilder public static func either(_ n: Int) -> [String] {
    if n > 0 {  // expect: if reached=4 | then 2 | else if 1 | else 1
      "positive"
    } else if n < 0 {
      "negative"
    } else {
      "zero"
    }
  }

  @ListBuilder public static func cases(_ weather: Weather) -> [String] {
    switch weather {  // expect: switch reached=6 | case .sun 3 | case .rain(let mm) 2 | case .snow 1
    case .sun: "sun"
    case .rain(let mm): "rain \(mm)"
    case .snow: "snow"
    }
  }

  @ListBuilder public static func loop(_ items: [Int]) -> [String] {
    for item in items {  // expect: for-in reached=2 | body 3 | exit 2
      "item \(item)"
    }
    "done"
  }

  public static func closure(_ flag: Bool, _ items: [Int]) -> [String] {
    list {
      if flag {  // expect: if n/a: witness failed (a statement's exits add up to the count after it): the region after it counts 2, the ways out that continue there 3
        "flag"
      }
      for item in items {  // expect: for-in n/a: witness failed (a decision is reached as often as the region it is in ran): that region follows line 59, whose counts broke a law
        item > 1 ? "big" : "small"  // expect: ?: reached=4 | then 3 | else 1
      }
    }
  }

  public static func expressions(_ n: Int, _ a: Bool, _ b: Bool) -> [String] {
    list {
      n > 0 ? "positive" : "other"  // expect: ?: reached=3 | then 1 | else 2
      a && b ? "both" : "not both"  // expect: && reached=3 | right 2 | short 1 ;; ?: reached=3 | then 1 | else 2
    }
  }
}

extension Builders {
  @ListBuilder public static func nested(_ a: Bool, _ b: Bool) -> [String] {
    if a {  // expect: if reached=3 | then 2 | none 1
      if b {  // expect: if reached=2 | then 1 | none 1
        "b"
      }
      a && b ? "both" : "a only"  // expect: && reached=2 | right 2 | short 0 ;; ?: reached=2 | then 1 | else 1 // truth: && reached=2 | right 2 | short 0 ;; ?: reached=2 | then 1 | else 1
    }
  }
}

/// A protocol requirement marked with a builder: a conforming type's `body` is a builder body
/// without an attribute of its own, as a SwiftUI view's is.
public protocol Screen {
  @ListBuilder var body: [String] { get }
}

public struct Banner: Screen {
  public var on: Bool
  public var count: Int
  public init(on: Bool, count: Int) {
    self.on = on
    self.count = count
  }
  public var body: [String] {
    "banner"
    if on {  // expect: if reached=2 | then 1 | none 1
      "on"
    }
    for index in 0..<count {  // expect: for-in n/a: context not proven (after an if without else in a result-builder body, whose region after it counts the then side twice) // truth: for-in reached=2 | body 3 | exit 2
      "row \(index)"
    }
  }
}
