/// A tiny program whose two runs cover different code.
struct Counter {
  var total = 0
  lazy var doubled: Int = total * 2

  mutating func add(_ value: Int) {
    if value > 0 {
      total += value
    } else {
      total -= value
    }
  }
}

func describe<T: CustomStringConvertible>(_ value: T) -> String {
  value.description
}

func check(_ flag: Bool, _ message: @autoclosure () -> String) -> String {
  flag ? "ok" : message()
}

func onlyFirst() -> Int {
  let values = [3, 1, 2].map { $0 * 2 }
  return values.reduce(0, +)
}

func onlySecond(_ text: String?) -> String {
  let value = text ?? String(repeating: "x", count: 3)
  #if NEVER_DEFINED
    print("inactive")
  #endif
  return value.isEmpty || value.count > 10 ? "odd" : value
}

func neverCalled() -> Int {
  42
}
