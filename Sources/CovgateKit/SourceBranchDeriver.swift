import CoverageAcquisition
import CoverageGate
import CoverageModel
import SourceAnalysis

/// Reads each kept source and derives its branches with swift-syntax, on every core.
struct SourceBranchDeriver: BranchDeriving {
  func derive(_ files: [(sourcePath: String, regions: [Region])]) -> [DerivedBranches?] {
    files.map { Job(path: $0.sourcePath, regions: $0.regions) }.concurrentMap { job in
      RegularFile.bytes(atPath: job.path).map {
        BranchDeriver.derive(source: $0, regions: job.regions)
      }
    }
  }

  private struct Job: Sendable {
    var path: String
    var regions: [Region]
  }
}
