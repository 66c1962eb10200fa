import CoverageModel
import Foundation
import XCTest

@testable import CoverageReaders

/// Real files from public projects, one or more per producer (`Producers/`, each with its
/// origin and what its own tools say): each reads, with the lines lcov (LCOV) or the distinct
/// (file, line) pairs of its classes (Cobertura) count, and the notes say what was adjusted.
final class ProducerFilesTests: XCTestCase {
  private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Producers").path
  /// A checkout none of these files were made in.
  private let root = "/nonexistent-checkout"

  private struct Totals: Equatable, CustomStringConvertible {
    var lines: Metric
    var functions: Metric
    var branches: Metric
    var description: String {
      "lines \(lines.covered)/\(lines.count), functions \(functions.covered)/\(functions.count), branches \(branches.covered)/\(branches.count)"
    }
  }

  private func totals(_ data: CoverageData) -> Totals {
    data.files.reduce(Totals(lines: .zero, functions: .zero, branches: .zero)) { sum, file in
      Totals(
        lines: sum.lines + file.summary.lines, functions: sum.functions + file.summary.functions,
        branches: sum.branches + file.summary.branches)
    }
  }

  private func lcov(_ path: String) throws -> CoverageData {
    try LCOVCoverage.read(paths: ["\(Self.folder)/\(path)"], root: root)
  }

  private func cobertura(_ path: String) throws -> CoverageData {
    try CoberturaCoverage.read(paths: ["\(Self.folder)/\(path)"], root: root)
  }

  private func metric(_ covered: Int, _ count: Int) -> Metric {
    Metric(covered: covered, count: count)
  }

  /// Xcode's `llvm-cov export -format=lcov` of a Swift package: `BFH:0` in every record (lcov
  /// 2.x refuses it, 1.16 skips it), LF/LH its summary's, not the DA lines'.
  func testXcodesLLVMCovLCOV() throws {
    let data = try lcov("xcode-llvm-cov-swift/info.lcov")
    XCTAssertEqual(
      totals(data), Totals(lines: metric(320, 380), functions: metric(83, 112), branches: .zero))
    XCTAssertEqual(data.inputNotes.count, 2, "\(data.inputNotes)")
    XCTAssertTrue(
      data.inputNotes[0].hasPrefix(
        "info.lcov: BFH: is no LCOV record (Xcode's llvm-cov writes it for BRH:; in 12 records)"),
      data.inputNotes[0])
    XCTAssertTrue(
      data.inputNotes[1].contains("(stated 459/545 lines hit, the DA: lines 320/380;"),
      data.inputNotes[1])
  }

  func testLLVMCovsSummaryLinesAreNotItsDALines() throws {
    let data = try lcov("llvm-cov-summary-mismatch/info.lcov")
    XCTAssertEqual(
      totals(data), Totals(lines: metric(50, 294), functions: metric(15, 77), branches: .zero))
    XCTAssertEqual(data.inputNotes.count, 1)
    XCTAssertTrue(data.inputNotes[0].contains("stated 54/388"), data.inputNotes[0])
  }

  /// lcov 2's `FN:start,end,name`, a test name per record, `BRDA` taken `-`: lcov 2.x's
  /// figures (lcov 1.16 reads `end,name` as a name and doubles the functions to 88).
  func testLCOV2sCapture() throws {
    let data = try lcov("lcov2-geninfo/coreMQTT_coverage.info")
    XCTAssertEqual(
      totals(data),
      Totals(lines: metric(391, 562), functions: metric(25, 44), branches: metric(180, 254)))
    XCTAssertEqual(data.inputNotes, [])
  }

  /// A Bazel repository's `_coverage_report.dat` with `FN:start,end,name`.
  func testBazelsCombinedReport() throws {
    let data = try lcov("bazel/score_baselibs__coverage_report.dat")
    XCTAssertEqual(
      totals(data), Totals(lines: metric(10, 12), functions: metric(2, 3), branches: .zero))
  }

  /// cargo-llvm-cov on Windows: `SF:E:\Work\...\src\cpu.rs` read as `E:/Work/.../src/cpu.rs`,
  /// absolute, for path detection or `--path-map` to place; Rust's mangled names, each a
  /// function (lcov counts 99, where the file's own FNF says 98).
  func testCargoLLVMCovOnWindows() throws {
    let data = try lcov("cargo-llvm-cov/lcov.info")
    XCTAssertEqual(
      totals(data), Totals(lines: metric(1007, 1344), functions: metric(77, 99), branches: .zero))
    XCTAssertTrue(
      data.files.allSatisfy { $0.path.hasPrefix("E:/Work/Programming/Rust/wonderswan/src/") },
      "\(data.files.map(\.path))")
  }

  /// coverage.py: `DA:line,count,checksum`, LF/LH that are not the DA lines.
  func testCoveragePysLCOV() throws {
    let data = try lcov("coverage-py/ooptree_coverage.lcov")
    XCTAssertEqual(totals(data).lines, metric(16, 39))
    XCTAssertTrue(data.inputNotes.contains { $0.contains("stated 13/36") }, "\(data.inputNotes)")
    // Functions as coverage.py's FNDA says (4 of 195 ran): lcov 2.x marks a function hit when
    // a line in it ran (its `def` line runs at import: 158 of 195) and refuses the file without
    // `--ignore-errors inconsistent`; covgate keeps the producer's own count.
    let timely = try lcov("coverage-py/timely_beliefs_coverage.lcov")
    XCTAssertEqual(totals(timely).lines, metric(407, 2042))
    XCTAssertEqual(totals(timely).functions, metric(4, 195))
  }

  /// slather lists every class twice (its header's totals double): each line counted once.
  func testSlathersClassesListedTwice() throws {
    let data = try cobertura("slather/cobertura.xml")
    XCTAssertEqual(totals(data).lines, metric(91, 239))
    XCTAssertEqual(data.files.count, 5)
    // The header is the untrimmed file's, doubled: 1736 of 4994.
    XCTAssertEqual(data.inputNotes.count, 2)
    XCTAssertEqual(
      data.inputNotes[0],
      "cobertura.xml: its header says 1736/4994 lines hit, its classes' lines are 91/239: covgate counts the lines"
    )
    XCTAssertTrue(
      data.inputNotes[1].hasPrefix("cobertura.xml: 5 files are listed by several classes (5 more"),
      data.inputNotes[1])
  }

  /// gcovr 7: `<source>../..</source>`, `<methods/>` empty: functions n/a, not 0%.
  func testGcovrsReport() throws {
    let data = try cobertura("gcovr/coverage.xml")
    XCTAssertEqual(totals(data).lines, metric(333, 343))
    XCTAssertEqual(totals(data).functions, .zero, "not read: n/a")
    XCTAssertFalse(data.capabilities.functions && totals(data).functions.count > 0)
  }

  /// coverage.py's XML on a CI runner, and on a self-hosted runner: the `<source>` is that
  /// machine's folder.
  func testCoveragePysXMLFromCIRunners() throws {
    XCTAssertEqual(totals(try cobertura("coverage-py/libpqc_coverage.xml")).lines, metric(357, 393))
    let runner = try cobertura("cobertura-ci-runner-source/coverage.xml")
    XCTAssertEqual(totals(runner).lines, metric(620, 871))
    XCTAssertEqual(runner.inputNotes, [], "its header agrees with its lines")
  }
}
