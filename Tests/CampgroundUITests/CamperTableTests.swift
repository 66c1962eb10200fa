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

  func testNoCampersSaysHowToAddOne() {
    XCTAssertEqual(CamperTable.render([]), "No campers yet. Add one with: campground add-camper")
  }
}
