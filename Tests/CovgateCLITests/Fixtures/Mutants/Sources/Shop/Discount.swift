/// Discounts, in percent.
public enum Discount {
  /// Asserted below, at and above the boundary: both mutants of `>=` are killed.
  public static func rate(forItems count: Int) -> Int {
    if count >= 10 { return 20 }
    return 0
  }

  /// Run by a test that asserts nothing: both mutants of `>` survive.
  public static func isBulk(_ count: Int) -> Bool {
    count > 100
  }

  /// Run by no test: its mutant has no coverage.
  public static func loyalty(years: Int) -> Int {
    years * 2
  }

  /// Strings have no `-`: `prefix + name`'s mutant does not compile (unviable; a property's type
  /// is not read), `+ suffix` (a literal's) gets none; `count + 1` becomes `-` (killed).
  public static func label(_ name: String, count: Int) -> String {
    let prefix = Self.tag
    let suffix = " x" + String(count + 1)
    return prefix + name + suffix
  }

  /// Counts up to `limit`: `+=` becoming `-=` never ends, and the test's time runs out.
  public static func steps(to limit: Int) -> Int {
    var step = 0
    while step < limit { step += 1 }
    return step
  }

  /// `@inlinable`: inlined into the tests' module, where the mutant's switch works too (killed).
  @inlinable public static func half(_ value: Int) -> Int {
    value / 2
  }

  /// A `static let`: its initializer runs once per process and has no coverage counter, so its
  /// static mutant runs every test, each in a fresh process: `*` becoming `/` is killed.
  public static let dozen = 3 * 4

  static let tag = "item: "
}
