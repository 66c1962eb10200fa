import Foundation

/// Numbers as the weather client writes them, in a URL or a message: fixed notation, never an
/// exponent (Swift writes 0.00001 as "1e-05", which the forecast service cannot read as a
/// latitude).
public enum NumberText {
  /// `value` in fixed notation with up to six decimals (a tenth of a metre in degrees) and at
  /// least one: "45.5", "-78.3421", "0.00001", "52.0". A value that is not finite or is a million
  /// or more keeps Swift's own spelling ("1e+300", "nan"): there it says more than digits would.
  public static func fixed(_ value: Double) -> String {
    guard value.isFinite, value.magnitude < 1_000_000 else { return "\(value)" }
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0"), !text.hasSuffix(".0") { text.removeLast() }
    return text == "-0.0" ? "0.0" : text
  }
}
