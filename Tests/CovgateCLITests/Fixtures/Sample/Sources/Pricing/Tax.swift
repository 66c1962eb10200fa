/// Sales tax rules.
public enum Tax {
  /// Tax in cents for a state code; unknown states pay none.
  public static func amount(for price: Price, state: String) -> Int {
    switch state {
    case "CA": return price.cents * 7 / 100
    case "NY": return price.cents * 4 / 100
    case "TX": return price.cents * 6 / 100
    default: return 0
    }
  }

  /// Whether a state charges tax on groceries.
  public static func taxesGroceries(_ state: String) -> Bool {
    if state == "CA" {
      return false
    }
    return state == "NY" || state == "TX"
  }
}
