import CoverageAcquisition
import CoverageGate
import CoverageModel
import CovgateSupport
import SourceAnalysis

/// Reads each kept source and derives its branches with swift-syntax, on every core; the
/// decisions parsed are kept in `cacheFolder` for the next run.
struct SourceBranchDeriver: BranchDeriving {
  /// The cache, read on another thread from the moment the deriver is made: the files are
  /// scoped meanwhile.
  private let reading: Background<DecisionCache>
  /// The package's sources, read once for the whole run.
  private let sources: PackageSources
  /// Why the counts may be lower than the code ran, when they may: no count is then derived.
  private let countsMayBeLost: String?

  init(cacheFolder: String?, sources: PackageSources, countsMayBeLost: String? = nil) {
    reading = Background { DecisionCache(folder: cacheFolder) }
    self.sources = sources
    self.countsMayBeLost = countsMayBeLost
  }

  func derive(_ files: [(path: String, records: [(name: String, regions: [Region])])])
    -> [DerivedBranches?]
  {
    let cache = (try? reading.value()) ?? DecisionCache(folder: nil)
    let results = files.map { Job(path: $0.path, records: $0.records) }.concurrentMap {
      job -> (branches: DerivedBranches, key: String?, decisions: SourceDecisions?)? in
      // The same text the file's page shows, read once for both.
      guard let source = sources.source(ofRelativePath: job.path).map({ Array($0.utf8) }) else {
        return nil
      }
      var kept: (key: String, decisions: SourceDecisions)?
      let branches = BranchDeriver.derive(records: job.records) {
        let key = DecisionCache.key(source)
        let decisions = cache.entries[key] ?? BranchDeriver.decisions(in: source)
        kept = (key, decisions)
        return decisions
      }
      return (branches, kept?.key, kept?.decisions)
    }
    var used: [String: SourceDecisions] = [:]
    for case (_, let key?, let decisions?)? in results { used[key] = decisions }
    cache.save(used)
    guard let countsMayBeLost else { return results.map { $0?.branches } }
    return results.map { $0?.branches.withoutCounts(reason: countsMayBeLost) }
  }

  private struct Job: Sendable {
    var path: String
    var records: [BranchDeriver.Record]
  }
}
