import Testing
import WeatherKit

/// Degrees and weather figures in fixed notation: "\(0.00001)" is "1e-05", which a forecast
/// URL cannot carry as a latitude.
struct NumberTextTests {
  @Test(
    "Fixed notation, up to six decimals, at least one",
    arguments: [
      (45.5, "45.5"), (52.0, "52.0"), (-78.3421, "-78.3421"), (0.00001, "0.00001"),
      (-0.00001, "-0.00001"), (1e-9, "0.0"), (-1e-9, "0.0"), (0, "0.0"), (180, "180.0"),
      (45.1234567, "45.123457"), (999_999.5, "999999.5"),
    ])
  func fixed(value: Double, text: String) {
    #expect(NumberText.fixed(value) == text)
  }

  @Test(
    "What is not finite, or a million and more, keeps Swift's spelling",
    arguments: [
      (1e300, "1e+300"), (1_000_000, "1000000.0"), (Double.infinity, "inf"), (Double.nan, "nan"),
    ])
  func unbounded(value: Double, text: String) {
    #expect(NumberText.fixed(value) == text)
  }
}
