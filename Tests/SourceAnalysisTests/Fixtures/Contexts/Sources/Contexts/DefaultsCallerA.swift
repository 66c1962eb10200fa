public enum DefaultsCallerA {
  public static func call(_ n: Int) -> String { Defaults.pick(n) }
}
