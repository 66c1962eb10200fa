import CoverageModel
import CoverageReaders
import Foundation
import FuzzChecks
import FuzzerDriver

/// Any bytes, read as an LCOV tracefile, must parse or throw `LCOVError`, never crash; what
/// parses must turn into coverage whose figures keep covered <= count, alone and merged with
/// itself.
func fuzzLCOV(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start, count: start == nil ? 0 : count)
  let records: [LCOVRecord]
  do {
    records = try LCOVParser.parse(bytes, path: "fuzz.lcov")
  } catch is LCOVError {
    return 0
  } catch {
    fatalError("unexpected error type from the LCOV reader: \(error)")
  }
  for runs in [[records], [records, records]] {
    let data: CoverageData
    do {
      data = try LCOVCoverage.data(runs, from: runs.map { _ in "fuzz.lcov" }, root: "/ws")
    } catch {
      fatalError("records that parsed must merge: \(error)")
    }
    checkFigures(data)
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzLCOV($0, $1) })
