import CoverageModel
import CoverageReaders
import Foundation
import FuzzChecks
import FuzzerDriver

/// Any bytes, read as an xccov report and as an archive, must parse or throw `XccovError`,
/// never crash; what parses must turn into coverage whose figures keep covered <= count, alone
/// and merged with itself.
func fuzzXccov(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start, count: start == nil ? 0 : count)
  var report: XccovReport?
  var archive: [String: XccovFileLines]?
  do {
    report = try XccovReader.parseReport(bytes: bytes, source: "fuzz.json")
  } catch is XccovError {
  } catch {
    fatalError("unexpected error type from the report reader: \(error)")
  }
  do {
    archive = try XccovReader.parseArchive(bytes: bytes, source: "fuzz.json")
  } catch is XccovError {
  } catch {
    fatalError("unexpected error type from the archive reader: \(error)")
  }
  // A report with the archive of its own files (the seeds hold both in one document's keys).
  let run = XccovCoverage.Run(report: report ?? XccovReport(targets: []), archive: archive)
  for data in [XccovCoverage.data([run]), XccovCoverage.data([run, run])] {
    checkFigures(data)
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzXccov($0, $1) })
