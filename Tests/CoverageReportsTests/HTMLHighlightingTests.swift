import Foundation
import XCTest

@testable import CoverageReports

/// Syntax colours on real source: every token's tag pair is the only thing they add to a page.
final class HTMLHighlightingTests: XCTestCase {
  /// A file page of this repository's own sources grows by less than 30% with colours.
  func testColoursAddLessThanAThirdToAPage() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    for relative in [
      "Sources/CampgroundKit/ReservationService.swift",
      "Sources/CoverageReports/HTML/SwiftTokenizer.swift",
      "Sources/CovgateKit/Pipeline.swift",
    ] {
      let source = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
      let page = HTMLSample.page(in: HTMLSample.render(sources: [HTMLSample.path: source]))
      let tags = Pattern.count("<span class=", in: page) - Pattern.count("<span class=\"", in: page)
      XCTAssertGreaterThan(tags, 50, relative)
      // `<span class=k>` and `</span>`: 21 bytes a token.
      let plain = page.utf8.count - 21 * tags
      XCTAssertLessThan(Double(page.utf8.count) / Double(plain), 1.3, relative)
    }
  }
}
