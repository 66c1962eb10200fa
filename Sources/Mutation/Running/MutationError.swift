import Foundation

/// Why `covgate mutate` could not run.
public enum MutationError: Error, CustomStringConvertible, Equatable {
  case buildFailed(String)
  case noTestMap
  case noScope
  /// `--file` of a path that is no file of the package.
  case notAFile(String)
  /// `--file` of a file that covgate does not measure (a test, excluded, no target's, not Swift).
  case notMeasured(String)
  /// `--file` of a file of a layer that is not gated.
  case notGated(String, layer: String)
  /// `--test-map` of a file that is no test map.
  case testMap(String, reason: String)

  public var description: String {
    switch self {
    case .buildFailed(let first):
      "the package copy covgate mutates does not build (\(first)); fix the build, then run again"
    case .noTestMap:
      "the first run of the tests made no test map (no test ran a measured source); check that the tests run with `covgate run --per-test`"
    case .noScope:
      "say what to mutate: --base REF (the lines changed since REF), --file PATH (repeatable), or --all (or set patch.base in .covgate.yml)"
    case .notAFile(let path):
      "--file \(path): no such file in the package; give a Swift source's path from the package root"
    case .notMeasured(let path):
      "--file \(path): not a Swift source covgate measures (a test, an excluded file, or outside every target); mutate a source of a gated layer"
    case .notGated(let path, let layer):
      "--file \(path): its layer \(layer) is not gated, and mutate tests gated layers only; mutate a source of a gated layer, or gate \(layer) in .covgate.yml"
    case .testMap(let path, let reason):
      "--test-map \(path): \(reason); give a covgate-test-map.json of `covgate run --per-test`, the same file to every shard"
    }
  }
}
