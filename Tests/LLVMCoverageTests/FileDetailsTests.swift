import CoverageModel
import XCTest

@testable import LLVMCoverage

/// Functions attached to files (on Yams' real export) and named by their records.
final class FileDetailsTests: XCTestCase {
  func testRecordsNameTheAttachedFunctionsInTheirFilesOrder() throws {
    var data = try ExportReader.read(
      path: Fixture.url("yams/swiftpm-export.json").path, options: .init(functions: true))
    let records = FileDetails.attach(to: &data)
    XCTAssertEqual(records.count, data.files.count)
    var attached = 0
    for (file, indexes) in records.enumerated() {
      XCTAssertEqual(indexes.count, data.files[file].functions.count, data.files[file].path)
      for (function, record) in indexes.enumerated() {
        XCTAssertEqual(data.files[file].functions[function].name, data.functions[record].name)
        XCTAssertEqual(data.files[file].functions[function].count, data.functions[record].count)
      }
      attached += indexes.count
    }
    XCTAssertGreaterThan(attached, 100)
    // Named by record: each function gets its own record's readable name.
    let readable = data.functions.indices.map { "readable \($0)" }
    FileDetails.name(&data, records: records, readable: readable)
    for (file, indexes) in records.enumerated() {
      XCTAssertEqual(
        data.files[file].functions.map(\.displayName), indexes.map { "readable \($0)" })
    }
  }

  /// Named by record, the result is what naming through a dictionary of names gives.
  func testNamingByRecordEqualsNamingByName() throws {
    var byRecord = try ExportReader.read(
      path: Fixture.url("yams/swiftpm-export.json").path, options: .init(functions: true))
    var byName = byRecord
    let records = FileDetails.attach(to: &byRecord)
    let readable = byRecord.functions.map { "<\($0.name)>" }
    FileDetails.name(&byRecord, records: records, readable: readable)
    FileDetails.attach(to: &byName) { "<\($0)>" }
    XCTAssertEqual(byRecord.files.map(\.functions), byName.files.map(\.functions))
  }
}
