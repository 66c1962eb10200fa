import CoverageAcquisition
import CoverageModel
import CoverageReports
import CovgateSupport
import Foundation
import LLVMCoverage

/// `covgate merge`: the results of test shards combined into one file of the same kind.
///
/// Profiles are merged by the toolchain's `llvm-profdata`; llvm-cov exports of the same code by
/// adding region counts per function (`ExportMerger`); test maps of one commit into the map of
/// the whole run. The output is written atomically, or not at all.
public enum ShardMerger {
  /// What a shard result is, by its name.
  public enum Kind: Sendable, Equatable {
    case profile, export, testMap, unknown
  }

  public static func kind(_ path: String) -> Kind {
    if path.hasSuffix(TestMap.fileName) { return .testMap }
    switch (path as NSString).pathExtension {
    case "profraw", "profdata": return .profile
    case "json": return .export
    default: return .unknown
    }
  }

  /// The extension `output` needs for inputs of `kind` (a test map is written as JSON too).
  public static func outputExtension(for kind: Kind) -> String {
    kind == .profile ? "profdata" : "json"
  }

  /// Merges `inputs`, all of one kind, into `output`.
  public static func merge(
    _ inputs: [String], into output: String, platform: any Platform = currentPlatform()
  ) throws {
    let kinds = Set(inputs.map(kind))
    guard kinds.count == 1 else {
      throw MergeError(
        reason: "the inputs are of different kinds; merge profiles, exports or test maps apart")
    }
    switch kinds.first {
    case .testMap:
      let maps = try inputs.map { try TestMapReader.read(path: $0) }
      guard let merged = TestMap.merged(maps) else {
        throw MergeError(
          reason: "the test maps come from different commits; merge the shards of one run")
      }
      try AtomicFile.write(Data(TestMapFile.json(merged).utf8), to: output)
    case .export:
      let exports = try inputs.map {
        ($0, try ExportReader.read(path: $0, options: .init(functions: true)))
      }
      let merged = try ExportMerger.merge(exports)
      guard !merged.functions.isEmpty || merged.files.isEmpty else {
        throw MergeError(
          reason: "the inputs carry no function records; export them without -skip-functions")
      }
      try AtomicFile.write(try ExportWriter.write(merged), to: output)
    case .profile:
      // llvm-profdata writes its output as it goes: merged beside it, then renamed over it.
      let toolchain = try platform.locateToolchain()
      let partial = "\(output).covgate-\(UUID().uuidString).profdata"
      defer { try? FileManager.default.removeItem(atPath: partial) }
      try TestRunner(toolchain: toolchain, platform: platform).merge(inputs, into: partial)
      guard rename(partial, output) == 0 else {
        throw MergeError(reason: "cannot write \(output): \(String(cString: strerror(errno)))")
      }
    case .unknown, nil:
      throw MergeError(reason: "no profiles, exports or test maps among the inputs")
    }
  }
}

/// Shard results that cannot be merged into one.
public struct MergeError: Error, CustomStringConvertible {
  public var reason: String
  public var description: String { "cannot merge: \(reason)" }
}
