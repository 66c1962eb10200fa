import Foundation
import XCTest

@testable import CoverageReports

/// Every pair of text colour and background the pages use reaches WCAG AA (4.5:1), in the light
/// and the dark palette of the stylesheet.
final class ContrastTests: XCTestCase {
  /// Text colour on background, by the stylesheet's variable names.
  static let pairs: [(text: String, background: String)] =
    [
      ("fg", "bg"), ("fg", "surface"), ("fg", "missed-bg"), ("fg", "current"),
      ("muted", "bg"), ("muted", "surface"), ("muted", "uncovered-bg"), ("muted", "partial-bg"),
      ("muted", "current"), ("link", "bg"), ("accent", "bg"), ("accent", "uncovered-bg"),
      ("accent", "current"), ("high", "bg"), ("high", "current"), ("medium", "bg"),
      ("medium", "partial-bg"), ("medium", "current"), ("low", "bg"), ("low", "uncovered-bg"),
      ("low", "current"),
      // The PASS, WARN, FAIL and n/a tags and the gate's icon: their text on their colour.
      ("on-tag", "high"), ("on-tag", "medium"), ("on-tag", "low"), ("on-tag", "muted"),
    ] + syntaxPairs

  /// Every token colour of the source on every background a source line can have; the
  /// never-run part of a line lies over the partly run line's own background.
  static let syntaxPairs: [(text: String, background: String)] = [
    "keyword", "string", "comment", "number", "attribute",
  ].flatMap { token in
    ["bg", "covered-bg", "uncovered-bg", "partial-bg", "missed-bg/partial-bg", "current"].map {
      (token, $0)
    }
  }

  func testEveryTextColourReachesAAOnItsBackgrounds() throws {
    for (name, palette) in try Self.palettes() {
      let background = try XCTUnwrap(palette["bg"])
      for (text, under) in Self.pairs {
        let foreground = try XCTUnwrap(palette[text], "\(name): --\(text)")
        // `a/b`: a over b over the page.
        var behind = background
        for layer in under.split(separator: "/").reversed() {
          behind = try XCTUnwrap(palette[String(layer)], "\(name): --\(layer)").over(behind)
        }
        let ratio = foreground.over(behind).contrast(with: behind)
        XCTAssertGreaterThanOrEqual(
          ratio, 4.5, "\(name): --\(text) on --\(under) is \(String(format: "%.2f", ratio)):1")
      }
    }
  }

  func testTheContrastFormulaIsWCAGs() {
    let black = Colour(red: 0, green: 0, blue: 0, alpha: 1)
    let white = Colour(red: 1, green: 1, blue: 1, alpha: 1)
    XCTAssertEqual(black.contrast(with: white), 21, accuracy: 0.001)
    XCTAssertEqual(
      Colour(hex: "#767676")!.contrast(with: white), 4.54, accuracy: 0.01, "the AA grey")
  }

  /// The light variables (first `:root`) and the dark ones (`prefers-color-scheme: dark`).
  static func palettes() throws -> [(String, [String: Colour])] {
    let css = HTMLAssets.stylesheet
    let dark = try XCTUnwrap(css.range(of: "@media (prefers-color-scheme: dark)"))
    return [
      ("light", variables(in: String(css[..<dark.lowerBound]))),
      ("dark", variables(in: String(css[dark.lowerBound...]))),
    ]
  }

  static func variables(in css: String) -> [String: Colour] {
    var found: [String: Colour] = [:]
    let pattern = try! NSRegularExpression(
      pattern: #"--([a-z-]+):\s*(#[0-9a-fA-F]{6}|rgba\([^)]*\))"#)
    for match in pattern.matches(in: css, range: NSRange(css.startIndex..., in: css)) {
      let name = String(css[Range(match.range(at: 1), in: css)!])
      let value = String(css[Range(match.range(at: 2), in: css)!])
      if found[name] == nil, let colour = Colour(hex: value) ?? Colour(rgba: value) {
        found[name] = colour
      }
    }
    return found
  }
}

/// An sRGB colour with alpha, and WCAG's relative luminance and contrast ratio.
struct Colour {
  var red: Double
  var green: Double
  var blue: Double
  var alpha: Double

  init(red: Double, green: Double, blue: Double, alpha: Double) {
    (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
  }

  init?(hex: String) {
    guard hex.hasPrefix("#"), hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else {
      return nil
    }
    self.init(
      red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
      blue: Double(value & 0xFF) / 255, alpha: 1)
  }

  init?(rgba: String) {
    let parts = rgba.dropFirst(5).dropLast().split(separator: ",").compactMap {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard parts.count == 4 else { return nil }
    self.init(red: parts[0] / 255, green: parts[1] / 255, blue: parts[2] / 255, alpha: parts[3])
  }

  /// This colour painted over an opaque `background`.
  func over(_ background: Colour) -> Colour {
    Colour(
      red: red * alpha + background.red * (1 - alpha),
      green: green * alpha + background.green * (1 - alpha),
      blue: blue * alpha + background.blue * (1 - alpha), alpha: 1)
  }

  var luminance: Double {
    func linear(_ channel: Double) -> Double {
      channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  func contrast(with other: Colour) -> Double {
    let (light, dark) =
      luminance > other.luminance ? (luminance, other.luminance) : (other.luminance, luminance)
    return (light + 0.05) / (dark + 0.05)
  }
}
