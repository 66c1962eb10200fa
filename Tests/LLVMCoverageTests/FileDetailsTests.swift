import CoverageModel
import XCTest

@testable import LLVMCoverage

/// Functions attached to files (on Yams' real export), each from its own record.
final class FileDetailsTests: XCTestCase {
  func testEachAttachedFunctionIsItsRecordInItsFilesOrder() throws {
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
  }

  /// Attached on two threads, each file's functions and never-run ranges are what one pass
  /// over the records in order gives (Yams' real export; a record may reach several files).
  func testAttachingInHalvesEqualsOnePassOverTheRecords() throws {
    var data = try ExportReader.read(
      path: Fixture.url("yams/swiftpm-export.json").path, options: .init(functions: true))
    let expected = Self.onePass(data)
    let records = FileDetails.attach(to: &data)
    XCTAssertEqual(data.files.map(\.functions), expected.map { $0.map(\.function) })
    XCTAssertEqual(records, expected.map { $0.map(\.record) })
    XCTAssertEqual(data.files.map(\.missedRegions), Self.missedInOnePass(data))
    XCTAssertGreaterThan(records.joined().count, 100)
  }

  /// Per file, its functions with their records, sorted by place then name, from one pass.
  private static func onePass(_ data: CoverageData) -> [[(function: FunctionCoverage, record: Int)]]
  {
    let places = Dictionary(
      data.files.indices.map { (data.files[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
    var byFile = Array(
      repeating: [(function: FunctionCoverage, record: Int)](), count: data.files.count)
    for (index, record) in data.functions.enumerated() {
      guard let body = record.regions.first(where: { $0.kind == .code }),
        record.filenames.indices.contains(body.fileID),
        let file = places[record.filenames[body.fileID]]
      else { continue }
      byFile[file].append(
        (
          FunctionCoverage(
            name: record.name, displayName: record.name, line: body.lineStart,
            column: body.columnStart,
            count: record.count), index
        ))
    }
    return data.files.indices.map { index in
      byFile[places[data.files[index].path]!].sorted {
        ($0.function.line, $0.function.column, $0.function.name)
          < ($1.function.line, $1.function.column, $1.function.name)
      }
    }
  }

  /// Per file, the code ranges no record ran (a range any instantiation ran counts as run).
  private static func missedInOnePass(_ data: CoverageData) -> [[SourceRange]] {
    var ran: [String: [SourceRange: Bool]] = [:]
    for record in data.functions {
      for region in record.regions
      where region.kind == .code && record.filenames.indices.contains(region.fileID) {
        let range = SourceRange(start: region.start, end: region.end)
        ran[record.filenames[region.fileID], default: [:]][range, default: false] =
          ran[record.filenames[region.fileID]]?[range] == true || region.count > 0
      }
    }
    return data.files.map { file in
      (ran[file.path] ?? [:]).filter { !$0.value }.keys.sorted()
    }
  }
}
