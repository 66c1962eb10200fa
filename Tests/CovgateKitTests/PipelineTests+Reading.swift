import CoverageGate
import CoverageModel
import Foundation
import XCTest

@testable import CovgateKit

/// The pipeline's one overlap: an export is read while the package's sources are, with what a
/// run without exclusion markers needs, and again where markers need more.
extension PipelineTests {
  func testTheExportIsReadWhileTheSourcesAreSearchedForMarkers() throws {
    let files = WatchedFiles(watch: try OpenWatch(path: fixture.exportPath), log: log)
    let result = try pipeline(.exports([fixture.exportPath]), files: files).run()

    let opened = try XCTUnwrap(log.events.first { $0.hasPrefix("export") }, "\(log.events)")
    XCTAssertEqual(opened, "export opened while the sources were read")
    XCTAssertEqual(result.report.totals.lines, Metric(covered: 6, count: 9))
  }

  /// Markers need every file's lines (whether the code they exclude ran): the export, first
  /// read without line views (the JSON report shows none), is read again with them.
  func testMarkersFoundWhileTheExportWasReadHaveItReadWithTheirLines() throws {
    try fixture.write(
      "Sources/Core/A.swift",
      ["// line 1", "// covgate:ignore-start kept for the old API", "// line 3"]
        .joined(separator: "\n") + "\n// covgate:ignore-end\n// line 5\n// line 6\n// line 7\n")
    let result = try pipeline(.exports([fixture.exportPath]), formats: [.json]).run()

    let exclusion = try XCTUnwrap(result.report.exclusions.first, "\(result.report.exclusions)")
    XCTAssertEqual([exclusion.firstLine, exclusion.lastLine], [2, 4])
    XCTAssertTrue(exclusion.ranAnyway, "lines 2 and 3 ran")
    let file = try XCTUnwrap(result.report.files.first { $0.path == "Sources/Core/A.swift" })
    XCTAssertEqual(file.coverage.summary.lines, Metric(covered: 1, count: 4))
  }

  /// A malformed marker is the run's error, not the export being read meanwhile (as when the
  /// sources were read first).
  func testAMarkerMistakeIsTheErrorThoughTheExportIsUnreadable() throws {
    try fixture.write("Sources/Core/A.swift", "// covgate:ignore-start\n")
    try fixture.write("export.json", "{\"type\":\"llvm.coverage.json.export\",\"da")

    XCTAssertThrowsError(try pipeline(.exports([fixture.exportPath])).run()) { error in
      XCTAssertEqual((error as? ExclusionError)?.path, "Sources/Core/A.swift", "\(error)")
    }
  }
}

/// The disk, saying whether the export was opened by the time the marker search looks at the
/// sources' folder (waiting up to ten seconds for it). The pipeline's first look at the folder
/// decides what the export is read with, before the reading starts.
private final class WatchedFiles: PackageFiles, @unchecked Sendable {
  let watch: OpenWatch
  let log: EventLog
  private let disk = DiskFiles()
  private let lock = NSLock()
  private var looks = 0

  init(watch: OpenWatch, log: EventLog) {
    self.watch = watch
    self.log = log
  }

  func exists(_ path: String) -> Bool {
    if path.hasSuffix("/Sources/Core"), nextLook() == 2 {
      log.add(
        watch.waitForOpen(seconds: 10)
          ? "export opened while the sources were read" : "export not opened")
    }
    return disk.exists(path)
  }

  /// How many times the sources' folder was looked at, this look included.
  private func nextLook() -> Int {
    lock.withLock {
      looks += 1
      return looks
    }
  }

  func isFolder(_ path: String) -> Bool { disk.isFolder(path) }
  func contents(_ path: String) -> Data? { disk.contents(path) }
  func realPath(_ path: String) -> String? { disk.realPath(path) }
  func realPaths(ofRelative paths: [String], under root: String) -> [String?] {
    disk.realPaths(ofRelative: paths, under: root)
  }
}
