import CoverageModel
import Foundation
import XCTest

@testable import CoverageReaders

/// Cobertura XML as slather, gcovr and coverage.py write it: each class's own lines (a method's
/// repeat them and are skipped), file names under the report's `<source>` folder, entities
/// decoded; and a report covgate cannot read refused with its place and the fix.
final class CoberturaParserTests: XCTestCase {
  /// The shape slather 2.x writes (the DTD reference, a `<source>` of the machine it ran on,
  /// empty `<methods/>`), and gcovr's methods with lines.
  static let report = """
    <?xml version="1.0"?>
    <!DOCTYPE coverage SYSTEM "http://cobertura.sourceforge.net/xml/coverage-04.dtd">
    <coverage line-rate="0.75" branch-rate="1.0" lines-covered="3" lines-valid="4" version="Slather 2.4.7">
      <sources>
        <source>/Users/someone/App</source>
      </sources>
      <packages>
        <package name="App">
          <classes>
            <class name="Tax" filename="App/Tax &amp; Fees.swift" line-rate="0.5">
              <methods/>
              <lines>
                <line number="3" branch="false" hits="12"/>
                <line number="4" branch="true" hits="0" condition-coverage="50% (1/2)"/>
              </lines>
            </class>
            <class name='Price' filename='App/Price.swift'>
              <methods>
                <method name="total" signature="()">
                  <lines><line number="7" hits="2"/></lines>
                </method>
              </methods>
              <lines>
                <!-- a comment with <line number="99" hits="9"/> in it -->
                <line number="7" hits="2"/>
                <line number="8" hits="1"/>
              </lines>
            </class>
            <class name="Empty" filename="App/Empty.swift"/>
          </classes>
        </package>
      </packages>
    </coverage>

    """

  private func parse(_ text: String) throws -> CoberturaParser.Report {
    try CoberturaParser.parse(Array(text.utf8), path: "coverage.xml")
  }

  func testEachClassGivesItsOwnLinesNotItsMethods() throws {
    let report = try parse(Self.report)
    XCTAssertEqual(report.sources, ["/Users/someone/App"])
    XCTAssertEqual(report.records.map(\.source), ["App/Tax & Fees.swift", "App/Price.swift"])
    XCTAssertEqual(
      report.records.map { $0.lines.map { [$0.line, Int($0.count)] } },
      [[[3, 12], [4, 0]], [[7, 2], [8, 1]]])
  }

  func testFileNamesAreTakenFromASourceFolderThatHoldsThemElseFromTheRoot() {
    let here = ["/work/App/Price.swift"]
    XCTAssertEqual(
      CoberturaCoverage.source(
        "App/Price.swift", sources: ["/Users/someone", "/work"], root: "/checkout"
      ) {
        here.contains($0)
      }, "/work/App/Price.swift")
    XCTAssertEqual(
      CoberturaCoverage.source(
        "App/Price.swift", sources: ["/Users/someone"], root: "/checkout"
      ) { _ in false },
      "App/Price.swift")
    XCTAssertEqual(
      CoberturaCoverage.source("/abs/A.swift", sources: ["/Users/someone"], root: "/c") { _ in
        true
      },
      "/abs/A.swift")
  }

  /// A `<source>` from another machine, relative, or a drive; file names with backslashes:
  /// each placed in the checkout where the file is.
  func testFileNamesFromOtherMachinesArePlacedInTheCheckout() {
    let checkout = [
      "/c/src/pkg/mod.py", "/c/src/ngircd/array.c", "/c/lib/x.c", "/c/app/views.py",
    ]
    func place(_ file: String, _ sources: [String]) -> String {
      CoberturaCoverage.source(file, sources: sources, root: "/c") { checkout.contains($0) }
    }
    // A CI runner's folder, the file names relative to it: the checkout's `src`.
    XCTAssertEqual(place("pkg/mod.py", ["/home/runner/work/app/app/src"]), "/c/src/pkg/mod.py")
    // A bogus source beside the real one.
    XCTAssertEqual(place("pkg/mod.py", ["/nonexistent", "/builds/x/src"]), "/c/src/pkg/mod.py")
    // OpenCppCoverage: a drive for a source, the rest of the path in the name, backslashes.
    XCTAssertEqual(place("develop\\ngircd\\src\\ngircd\\array.c", ["C:"]), "/c/src/ngircd/array.c")
    // gcovr: `../..` relative to where it ran.
    XCTAssertEqual(place("lib/x.c", ["../.."]), "/c/lib/x.c")
    XCTAssertEqual(place("app/views.py", []), "/c/app/views.py")
    // Absolute with a drive: kept, for path detection or --path-map.
    XCTAssertEqual(place("C:\\Users\\me\\src\\a.c", []), "C:/Users/me/src/a.c")
    XCTAssertEqual(place("nowhere/z.c", ["/elsewhere"]), "nowhere/z.c")
  }

  /// slather lists a class twice; one line is counted once, with its highest hits.
  func testAFileSeveralClassesNameCountsEachLineOnce() {
    var first = LCOVRecord(source: "/c/A.swift")
    first.lines = [LineCount(line: 1, count: 3), LineCount(line: 2, count: 0)]
    var second = first
    second.lines = [LineCount(line: 2, count: 1), LineCount(line: 5, count: 0)]
    let (records, repeated) = CoberturaCoverage.countedOnce([first, second, first])
    XCTAssertEqual(records.count, 1)
    XCTAssertEqual(
      records[0].lines.map { [$0.line, Int($0.count)] }, [[1, 3], [2, 1], [5, 0]])
    XCTAssertEqual(repeated.files, 1)
    XCTAssertEqual(repeated.classes, 2)
  }

  func testAReportCovgateCannotReadIsRefusedWithItsPlace() {
    func error(_ text: String) -> CoberturaError? {
      do {
        _ = try parse(text)
        return nil
      } catch {
        return error as? CoberturaError
      }
    }
    XCTAssertEqual(
      error(String(Self.report.prefix(600))), .truncated(path: "coverage.xml"))
    XCTAssertEqual(
      error("<report><class filename=\"A\"/></report>"), .notCobertura(path: "coverage.xml"))
    XCTAssertEqual(error(""), .notCobertura(path: "coverage.xml"))
    let badHits = Self.report.replacingOccurrences(of: "hits=\"12\"", with: "hits=\"-3\"")
    guard case .malformed(_, let line, let element, let reason) = error(badHits) else {
      return XCTFail("negative hits were read")
    }
    XCTAssertEqual(line, 13)
    XCTAssertEqual(element, "<line number=\"3\" branch=\"false\" hits=\"-3\"/>")
    XCTAssertTrue(reason.contains("hits"), reason)
    let noNumber = Self.report.replacingOccurrences(of: "number=\"8\"", with: "number=\"eight\"")
    XCTAssertNotNil(error(noNumber))
    // A line number no source has (found by the fuzzer: an array that long was asked for).
    let huge = Self.report.replacingOccurrences(
      of: "number=\"3\"", with: "number=\"0008672094834835820088\"")
    guard case .malformed(_, _, _, let range) = error(huge) else {
      return XCTFail("a line past any source was read")
    }
    XCTAssertTrue(range.contains("out of range"), range)
    let noFile = Self.report.replacingOccurrences(
      of: "filename='App/Price.swift'", with: "")
    XCTAssertTrue(
      error(noFile).map { "\($0)".contains("a <class> without a filename") } ?? false)
    let unquoted = Self.report.replacingOccurrences(of: "hits=\"1\"", with: "hits=1")
    XCTAssertTrue(error(unquoted).map { "\($0)".contains("without quotes") } ?? false)
  }

  /// A line past the end of its source: the report is older than the source, said with the
  /// line and the file (not as a malformed element at line 0).
  func testALineBeyondItsSourcesEndIsAnOlderReport() throws {
    let path = NSTemporaryDirectory() + "covgate-cobertura-\(UUID().uuidString).xml"
    try Self.report.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let data = try CoberturaCoverage.read(
      paths: [path], root: "/work", lineCount: { $0.hasSuffix("Price.swift") ? 7 : 100 },
      exists: { _ in false })
    XCTAssertEqual(
      data.staleSources,
      [StaleSource(report: path, source: "/work/App/Price.swift", line: 8, lineCount: 7)])
    let error = StaleSourceError(data.staleSources[0], origin: data.capabilities.source)
    XCTAssertEqual(
      "\(error)",
      "\(path) counts line 8 of /work/App/Price.swift, which has 7 lines: the report is older than the source; measure again"
    )
  }
}
