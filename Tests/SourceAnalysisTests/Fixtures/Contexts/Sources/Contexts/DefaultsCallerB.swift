public enum DefaultsCallerB {
  public static func call(_ n: Int) -> String { Defaults.pick(n) }
}
