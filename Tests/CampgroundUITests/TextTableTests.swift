import CampgroundUI
import XCTest

final class TextTableTests: XCTestCase {
  func testPadsColumnsAndAlignsNumbersRight() {
    let table = TextTable(
      columns: [.init("Name"), .init("Nights", .right)],
      rows: [["Ada", "3"], ["Grace Hopper", "12"]])

    XCTAssertEqual(
      table.render(),
      """
      Name          Nights
      ------------  ------
      Ada                3
      Grace Hopper      12
      """)
  }

  func testMissingCellsRenderEmpty() {
    let table = TextTable(columns: [.init("A"), .init("B")], rows: [["x"]])

    XCTAssertEqual(table.render(), "A  B\n-  -\nx")
  }
}
