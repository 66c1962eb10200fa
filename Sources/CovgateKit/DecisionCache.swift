import CoverageAcquisition
import CoverageModel
import CovgateSupport
import Foundation
import SourceAnalysis

/// The decisions found in each source, kept between runs under the cache folder: parsing is
/// most of a derivation's cost, and a source's decisions depend on its bytes alone.
///
/// Entries are keyed by the source's fingerprint and length; the whole cache belongs to one
/// covgate executable (path, size, modification time), so a new build never reads decisions
/// an older parser found. Each save keeps only the sources of that run. A cache that cannot be
/// read (truncated, foreign) is no cache.
struct DecisionCache: Sendable {
  private(set) var entries: [String: SourceDecisions] = [:]
  private let file: String?
  private let owner: String

  /// The cache in `folder` (none: nothing is read or kept).
  init(folder: String?) {
    owner = "covgate decisions 4 \(Self.executableIdentity())"
    file = folder.map { "\($0)/decisions.bin" }
    guard let file, let bytes = RegularFile.bytes(atPath: file) else { return }
    entries = Self.decode(bytes, owner: owner) ?? [:]
  }

  /// The key of a source's bytes.
  static func key(_ source: [UInt8]) -> String {
    source.withUnsafeBytes { "\(fingerprint($0))-\($0.count)" }
  }

  /// Keeps exactly `used` (the decisions of this run's sources) unless that is what is kept.
  func save(_ used: [String: SourceDecisions]) {
    guard let file, Set(used.keys) != Set(entries.keys) else { return }
    var writer = ByteWriter()
    writer.write(owner)
    writer.write(used.count)
    for (key, decisions) in used {
      writer.write(key)
      decisions.write(to: &writer)
    }
    try? AtomicFile.write(Data(writer.bytes), to: file)
  }

  private static func decode(_ bytes: [UInt8], owner: String) -> [String: SourceDecisions]? {
    var reader = ByteReader(bytes)
    guard reader.string() == owner, let count = reader.int() else { return nil }
    var entries: [String: SourceDecisions] = [:]
    for _ in 0..<count {
      guard let key = reader.string(), let decisions = SourceDecisions(from: &reader) else {
        return nil
      }
      entries[key] = decisions
    }
    return reader.isAtEnd ? entries : nil
  }

  /// The running executable's path (as the platform finds it), size and modification time.
  private static func executableIdentity() -> String {
    let path = currentPlatform().executablePath() ?? CommandLine.arguments[0]
    return RegularFile.identity(atPath: path) ?? path
  }
}
