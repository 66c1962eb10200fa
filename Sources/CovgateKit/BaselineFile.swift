import CoverageAcquisition
import CoverageGate
import CoverageModel
import CovgateSupport
import Foundation

/// The committed baseline file: sorted, indented JSON, meant to be diffed.
struct BaselineFile {
  let path: String

  init(path: String) {
    self.path = path
  }

  /// The package's baseline file, as `config` names it (`baseline.file`).
  init(root: String, config: GateConfig) {
    path = (root as NSString).appendingPathComponent(config.baseline.file)
  }

  /// The baseline read through `files`, or `nil` when there is no file.
  func read(from files: any PackageFiles) throws -> Baseline? {
    guard let data = files.contents(path) else { return nil }
    guard let baseline = try? JSONDecoder().decode(Baseline.self, from: data),
      baseline.schemaVersion == Baseline.schemaVersion
    else { throw BaselineError(path: path) }
    return baseline
  }

  /// Written in place, atomically: the one file of the package covgate writes, when asked.
  func write(_ baseline: Baseline) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var data = try encoder.encode(baseline)
    data.append(UInt8(ascii: "\n"))
    try AtomicFile.write(data, to: path)
  }
}
