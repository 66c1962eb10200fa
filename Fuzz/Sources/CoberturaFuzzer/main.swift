import CoverageModel
import CoverageReaders
import Foundation
import FuzzChecks
import FuzzerDriver

/// Any bytes, read as a Cobertura XML report, must parse or throw `CoberturaError`, never
/// crash; what parses must turn into coverage whose figures keep covered <= count, alone and
/// merged with itself.
func fuzzCobertura(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: start == nil ? 0 : count))
  let report: CoberturaParser.Report
  do {
    report = try CoberturaParser.parse(bytes, path: "fuzz.xml")
  } catch is CoberturaError {
    return 0
  } catch {
    fatalError("unexpected error type from the Cobertura reader: \(error)")
  }
  for runs in [[report.records], [report.records, report.records]] {
    let data: CoverageData
    do {
      data = try LCOVCoverage.data(runs, from: runs.map { _ in "fuzz.xml" }, root: "/ws")
    } catch {
      fatalError("classes that parsed must merge: \(error)")
    }
    checkFigures(data)
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzCobertura($0, $1) })
