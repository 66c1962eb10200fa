import CampgroundKit

/// Renders campers as a table: id, name and phone number.
public enum CamperTable {
  /// The campers as a table, or a one-line note when there are none.
  public static func render(_ campers: [Camper]) -> String {
    guard !campers.isEmpty else { return "No campers yet. Add one with: campground add-camper" }
    let table = TextTable(
      columns: [.init("Id", .right), .init("Name"), .init("Phone")],
      rows: campers.map { [$0.id.map { "\($0)" } ?? "-", $0.fullName, $0.phoneNumber] })
    return table.render()
  }
}
