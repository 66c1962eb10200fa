// The availability check's fixture (ci/test_check_availability.py): each use below is either
// expected in the check's findings (marked `// finding`) or guarded. Never built with the package.
import Synchronization

struct Unguarded: ~Copyable {
  var room = InlineArray<4, UInt8>(repeating: 0)  // finding
  let flag = Atomic<Bool>(false)  // finding
}

func guardedByIf() -> Int {
  if #available(macOS 26.0, *) {
    let room = InlineArray<2, Int>(repeating: 1)
    return room[0]
  }
  // InlineArray in a comment, and "InlineArray" in a string, are not uses.
  let text = "Atomic<Int> \(1 + 1) } {"
  return text.count
}

@available(macOS 15.0, *)
func markedAvailable() -> Bool {
  let flag = Atomic<Bool>(true)
  return flag.load(ordering: .relaxed)
}

@available(macOS 15.0, *)
func aMarkTooLow() -> Int {
  InlineArray<1, Int>(repeating: 3)[0]  // finding
}

func guardedByGuard() -> Int {
  guard #available(macOS 26, *) else { return 0 }
  return InlineArray<1, Int>(repeating: 4)[0]
}

func afterTheGuardedScope() -> Int {
  do {
    guard #available(macOS 26, *) else { return 0 }
  }
  return InlineArray<1, Int>(repeating: 5)[0]  // finding
}

func olderThanTheTarget() -> Duration {
  .seconds(1)  // macOS 13: at the deployment target, not a finding
}

func aRequirementAddedBesideItsDefault(_ value: UInt32) -> UInt32 {
  value &* value  // `&*` became a requirement in macOS 15; its default implementation is older
}

func aNewInitialiser(_ bytes: [UInt8]) -> String? {
  String(validating: bytes, as: UTF8.self)  // finding
}
