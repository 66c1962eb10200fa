import CoverageModel
import Foundation
import XCTest

@testable import CoverageReports

/// Sites the browser tests open: written to fresh folders removed when the test ends.
extension XCTestCase {
  /// The sample report plus the detailed Greeter file, written to a fresh folder.
  func writeSample() throws -> URL {
    var report = SampleReport.report
    report.files.append(HTMLSample.file)
    return try write(
      HTMLReport(sources: StubSources(files: [HTMLSample.path: HTMLSample.source])).render(report))
  }

  func write(_ files: [RenderedFile]) throws -> URL {
    try ExternalTool.writeSite(files, for: self)
  }

  func page(_ folder: URL, containing fragment: String) throws -> URL {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("files").path)
    let name = try XCTUnwrap(
      names.sorted().first { $0.contains(fragment) }, "no page for \(fragment)")
    return folder.appendingPathComponent("files").appendingPathComponent(name)
  }

  /// A report with a file of three uncovered blocks separated by lines outside every region.
  func writeBlocks() throws -> URL {
    let path = "Sources/Core/Blocks.swift"
    var report = SampleReport.report
    report.files.append(
      ScopedFile(
        path: path, target: "Core", layer: "logic",
        coverage: FileCoverage(
          path: SampleReport.root + "/" + path,
          summary: SampleReport.summary(
            lines: (1, 6), functions: (0, 0), instantiations: (0, 0), regions: (0, 0)),
          lineView: LineView(counts: [nil, 0, 0, nil, nil, 0, nil, 1, nil, 0, 0, nil]))))
    report.files.append(
      ScopedFile(
        path: "Sources/Core/Done.swift", target: "Core", layer: "logic",
        coverage: FileCoverage(
          path: SampleReport.root + "/Sources/Core/Done.swift",
          summary: SampleReport.summary(
            lines: (9, 9), functions: (1, 1), instantiations: (1, 1), regions: (2, 2)))))
    let source = (1...12).map { "let line\($0) = \($0)" }.joined(separator: "\n") + "\n"
    return try write(HTMLReport(sources: StubSources(files: [path: source])).render(report))
  }

  /// The paths of the file rows the filter shows, in order (a script for the page).
  static var visibleFiles: String {
    "Array.from(document.querySelectorAll('#files tbody tr')).filter(r => !r.hidden).map(r => r.cells[0].getAttribute('data-sort'))"
  }
}
