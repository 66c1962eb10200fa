/// Reads and writes amounts of money as the terminal shows them: `25.50`, no currency sign.
public enum MoneyFormat {
  /// `cents` as units and two decimals, e.g. 2550 as "25.50".
  public static func string(cents: Int) -> String {
    let sign = cents < 0 ? "-" : ""
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return "\(sign)\(magnitude / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  /// Parses "25", "25.5" or "25.50" into cents; nil for anything else, negatives included.
  public static func cents(from text: String) -> Int? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit),
      parts[0].count <= 9, let units = Int(parts[0])
    else { return nil }
    guard parts.count == 2 else { return units * 100 }
    let decimals = parts[1]
    guard (1...2).contains(decimals.count), decimals.allSatisfy(\.isASCIIDigit),
      let value = Int(decimals)
    else { return nil }
    return units * 100 + (decimals.count == 1 ? value * 10 : value)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
