import CoverageModel
import Foundation

extension Pipeline {
  /// The package's own sources scoped, put into layers and marked as a run would, before
  /// anything is built: every source of every target that is not a test target, with no
  /// counts. `covgate mutate` finds its mutants from it, so that the mutants can be in the one
  /// build that also takes the test map.
  public func sourcesReport() throws -> CoverageReport {
    let described = try describe(swift: try services.acquisition.locateSwift())
    let (package, markers) = try readSourceFiles(described)
    let files = package.targets.filter { $0.kind != .test }.flatMap { target in
      target.sources.map { FileCoverage(path: "\(package.root)/\($0)", summary: .zero) }
    }
    return try evaluate(
      CoverageData(files: files, capabilities: .llvmCov), package: package, markers: markers,
      tests: nil)
  }
}
