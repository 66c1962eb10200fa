import CoverageGate
import CoverageModel
import Foundation
import FuzzerDriver
import LLVMCoverage

/// Mutates the numbers and paths of a real Swift export (the fuzz input is a list of edits),
/// then reads, scopes and evaluates it as `covgate check` does. Any input covgate accepts must
/// give a report that keeps `ReportInvariants`; an input that breaks them is saved as an export
/// in `Fuzz/Regressions/export/` (replayed by the unit tests) and stops the run.
let base = try! String(
  contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../Tests/LLVMCoverageTests/Fixtures/runs/swift/run1.json")
    .standardized,
  encoding: .utf8)
let edits = ExportEdits(base)

func fuzzInvariants(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let export = edits.apply(input)
  do {
    let data = try ExportReader.parse(
      Data(export.utf8), source: "fuzz.json", options: .init(functions: true))
    _ = try Gate.evaluate(
      InvariantSetup.input(data, markers: input.first.map { $0 & 1 == 1 } ?? false))
  } catch let violation as InvariantViolation {
    let folder = ProcessInfo.processInfo.environment["COVGATE_FUZZ_REGRESSIONS"] ?? "."
    let name = "\(folder)/invariant-\(String(export.hashValue, radix: 16)).json"
    try? export.write(toFile: name, atomically: true, encoding: .utf8)
    fatalError("\(violation) — export saved as \(name)")
  } catch is ExportError, is ScopeError, is SummaryMismatch, is ConfigError {
  } catch {
    fatalError("unexpected error type: \(error)")
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzInvariants($0, $1) })
