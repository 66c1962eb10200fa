import CoverageModel

/// Derives the branch outcomes of kept files from their source (behind `BranchDeriving`, so
/// the parser stays out of this module).
public protocol BranchDeriving: Sendable {
  /// The decisions of each source file from its regions, in the order given; nil where the
  /// source cannot be read.
  func derive(_ files: [(sourcePath: String, regions: [Region])]) -> [DerivedBranches?]
}

/// Gives every kept file its derived branches and makes them its `branches` metric.
enum BranchAttacher {
  /// Decisions on lines an exclusion marker took out are left out with them.
  static func attach(
    to files: [ScopedFile], functions: [FunctionRecord], root: String,
    excluding exclusions: [Exclusion],
    deriver: any BranchDeriving
  ) -> [ScopedFile] {
    let index = Dictionary(
      files.indices.map { (files[$0].coverage.path, $0) }, uniquingKeysWith: { a, _ in a })
    var regions = Array(repeating: [Region](), count: files.count)
    for record in functions {
      let owners = record.filenames.map { index[$0] }
      for region in record.regions
      where region.kind == .code && owners.indices.contains(region.fileID) {
        if let owner = owners[region.fileID] { regions[owner].append(region) }
      }
    }
    let derived = deriver.derive(files.indices.map { ("\(root)/\(files[$0].path)", regions[$0]) })
    var attached = files
    for (position, found) in derived.enumerated() {
      guard var branches = found else { continue }
      let excluded = exclusions.filter { $0.path == files[position].path && !$0.wholeFile }
        .map { $0.firstLine...$0.lastLine }
      if !excluded.isEmpty {
        branches.decisions.removeAll { decision in
          excluded.contains { $0.contains(decision.location.line) }
        }
        branches.notDerivable.removeAll { location in
          excluded.contains { $0.contains(location.line) }
        }
      }
      attached[position].coverage.branches = branches
      attached[position].coverage.summary.branches = branches.metric
    }
    return attached
  }
}
