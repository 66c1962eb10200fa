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

  /// A cell from the database may hold an escape sequence stored before names were checked:
  /// it is shown as its codes, and the columns are measured with them.
  func testControlCharactersInCellsAreShownAsCodes() {
    let table = TextTable(columns: [.init("Name"), .init("N")], rows: [["A\u{1B}[2J", "1"]])

    XCTAssertEqual(table.render(), "Name        N\n----------  -\nA\\u{1B}[2J  1")
  }

  func testMissingCellsRenderEmpty() {
    let table = TextTable(columns: [.init("A"), .init("B")], rows: [["x"]])

    XCTAssertEqual(table.render(), "A  B\n-  -\nx")
  }
}
