let mode = CommandLine.arguments.dropFirst().first ?? "first"
var counter = Counter()
if mode == "first" {
  counter.add(onlyFirst())
  print(describe(counter.total), check(true, "unused"))
} else {
  counter.add(-1)
  print(onlySecond(nil), describe(counter.doubled), check(false, describe(3.5)))
  for _ in 0..<3 { counter.add(2) }
}
