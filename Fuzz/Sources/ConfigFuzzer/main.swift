import CoverageGate
import Foundation
import FuzzerDriver

/// Any text must load as a config or throw `ConfigError`, never crash.
func fuzzConfig(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let text =
    start.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) }
    ?? ""
  do {
    _ = try ConfigLoader.parse(text, file: "fuzz.yml")
  } catch is ConfigError {
  } catch {
    fatalError("unexpected error type: \(error)")
  }
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzConfig($0, $1) })
