import Foundation
import FuzzerDriver
import LLVMCoverage

/// Any bytes must parse or throw `ExportError`, never crash; what parses must also merge.
func fuzzExport(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  do {
    let parsed = try ExportReader.parse(data, source: "fuzz.json", options: .init(functions: true))
    _ = try? ExportMerger.merge([("a", parsed), ("b", parsed)])
  } catch is ExportError {
  } catch {
    fatalError("unexpected error type: \(error)")
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzExport($0, $1) })
