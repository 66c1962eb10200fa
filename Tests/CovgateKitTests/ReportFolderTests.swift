import CovgateSupport
import Foundation
import XCTest

@testable import CovgateKit

/// The output folder holds only what the last run of each kind wrote: an earlier run's reports
/// that this run did not write are removed, a file covgate never wrote is left alone.
final class ReportFolderTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "covgate-report-folder-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
    super.tearDown()
  }

  private func write(_ names: [String], manifest: String = ReportFolder.coverageManifest) throws {
    try ReportFolder.write(
      names.map { name in AtomicFile.Pending(path: "\(folder)/\(name)", parts: { [name] }) },
      to: folder, manifest: manifest)
  }

  private func files() -> [String] {
    (FileManager.default.subpaths(atPath: folder) ?? []).filter { path in
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isFolder)
      return !isFolder.boolValue && !path.hasPrefix(".covgate-")
    }.sorted()
  }

  func testAnEarlierRunsReportsThatThisRunDidNotWriteAreRemoved() throws {
    try write(["covgate.json", "index.html", "files/a.html", "files/deep/b.html", "junit.xml"])
    try "mine".write(toFile: "\(folder)/notes.txt", atomically: true, encoding: .utf8)
    try write(["covgate.json"])
    XCTAssertEqual(files(), ["covgate.json", "notes.txt"])
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/files"), "empty folders go")
  }

  func testEachKindOfRunKeepsItsOwnReports() throws {
    try write(
      ["covgate-mutation.json", "covgate-mutation.html"], manifest: ReportFolder.mutationManifest)
    try write(["covgate.json", "index.html"])
    try write(["covgate.json"])
    XCTAssertEqual(files(), ["covgate-mutation.html", "covgate-mutation.json", "covgate.json"])
    try write(["covgate-mutation.json"], manifest: ReportFolder.mutationManifest)
    XCTAssertEqual(files(), ["covgate-mutation.json", "covgate.json"])
  }

  /// A manifest is read, never trusted to name a file outside the folder, or the manifests.
  func testAManifestCannotNameAFileOutsideTheFolder() throws {
    let outside = folder + "-outside.txt"
    try "keep".write(toFile: outside, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    let escape = "../\((outside as NSString).lastPathComponent)"
    try "\(escape)\n/etc/hostname\n.covgate-mutation-reports\n".write(
      toFile: "\(folder)/\(ReportFolder.coverageManifest)", atomically: true, encoding: .utf8)
    try write(["covgate.json"])
    XCTAssertTrue(FileManager.default.fileExists(atPath: outside))
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/\(ReportFolder.coverageManifest)", encoding: .utf8),
      "covgate.json\n")
  }
}
