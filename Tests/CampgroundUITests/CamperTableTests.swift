import CampgroundKit
import CampgroundUI
import XCTest

final class CamperTableTests: XCTestCase {
  func testRendersIdNameAndPhone() {
    let campers = [
      Camper(id: 1, fullName: "Ada Lovelace", phoneNumber: "555-0100"),
      Camper(id: 12, fullName: "Grace", phoneNumber: "555-0200"),
    ]

    XCTAssertEqual(
      CamperTable.render(campers),
      """
      Id  Name          Phone
      --  ------------  --------
       1  Ada Lovelace  555-0100
      12  Grace         555-0200
      """)
  }

  /// A camper stored before names were checked, with an escape sequence that would clear the
  /// screen, is listed with the sequence's codes instead.
  func testAStoredControlCharacterIsShownAsItsCode() {
    let table = CamperTable.render([
      Camper(id: 1, fullName: "Eve\u{1B}[2J", phoneNumber: "555\u{202E}0100")
    ])

    XCTAssertEqual(
      table,
      """
      Id  Name          Phone
      --  ------------  ---------------
       1  Eve\\u{1B}[2J  555\\u{202E}0100
      """)
  }

  func testNoCampersSaysHowToAddOne() {
    XCTAssertEqual(CamperTable.render([]), "No campers yet. Add one with: campground add-camper")
  }
}
