import CoverageModel
import CovgateSupport

/// Derives the branch outcomes of kept files from their source (behind `BranchDeriving`, so
/// the parser stays out of this module).
public protocol BranchDeriving: Sendable {
  /// The decisions of each source file (by its package-relative path) from the regions of the
  /// function records with code in it (named, so that only one function's identical ranges
  /// are added up), in the order given; nil where the source cannot be read.
  func derive(_ files: [(path: String, records: [(name: String, regions: [Region])])])
    -> [DerivedBranches?]
}

/// Gives every kept file its derived branches, makes them its `branches` metric, and ranks the
/// risk of its functions from their decisions and regions.
enum BranchAttacher {
  /// A function record's name and its code regions in one file, its body first.
  typealias FileRecord = (name: String, regions: [Region])

  /// Decisions on lines an exclusion marker took out are left out with them.
  static func attach(
    to files: [ScopedFile], functions: [FunctionRecord], excluding exclusions: [Exclusion],
    deriver: any BranchDeriving
  ) -> [ScopedFile] {
    let records = recordsByFile(files, functions: functions)
    let derived = deriver.derive(
      files.indices.map { (files[$0].path, records[$0]) })
    let kept = derived.enumerated().map { position, found in
      found.map { without(exclusions, of: files[position].path, in: $0) }
    }
    // Ranking a file's functions compares every body with every decision: on every core.
    let risks = Array(kept.indices).concurrentMap { position in
      kept[position].map { FunctionRisks.risks(records: records[position], points: $0.points) }
    }
    var attached = files
    for (position, found) in kept.enumerated() {
      guard let branches = found else { continue }
      attached[position].coverage.branches = branches
      attached[position].coverage.summary.branches = branches.metric
      attached[position].coverage.risks = risks[position] ?? []
    }
    return attached
  }

  /// `branches` without the decisions on lines an exclusion marker took out of `path`.
  private static func without(
    _ exclusions: [Exclusion], of path: String, in branches: DerivedBranches
  )
    -> DerivedBranches
  {
    let excluded = exclusions.filter { $0.path == path && !$0.wholeFile }
      .map { $0.firstLine...$0.lastLine }
    guard !excluded.isEmpty else { return branches }
    let isExcluded = { (line: Int) in excluded.contains { $0.contains(line) } }
    var branches = branches
    branches.decisions.removeAll { isExcluded($0.location.line) }
    branches.notDerivable.removeAll { isExcluded($0.location.line) }
    branches.points.removeAll { isExcluded($0.location.line) }
    return branches
  }

  /// Per kept file, the records with code in it and their regions there. A record whose body
  /// is in another file (a macro expansion) adds its regions but is not a function of the file.
  private static func recordsByFile(_ files: [ScopedFile], functions: [FunctionRecord])
    -> [[FileRecord]]
  {
    var owners = PathIndex(files.map(\.coverage.path))
    var records = Array(repeating: [FileRecord](), count: files.count)
    // Records read in place: a copy of each (tests' and dependencies' too) would retain and
    // release its name, regions and file names.
    functions.withUnsafeBufferPointer { functions in
      for index in functions.indices {
        guard functions[index].filenames.count == 1 else {
          add(spanning: functions[index], to: &records, owners: &owners)
          continue
        }
        // Most records lie in one file: their code regions are all its own, the body first
        // (the record's own array, not a copy, when every region is code).
        guard let owner = owners.place(of: functions[index].filenames[0]) else { continue }
        let regions =
          functions[index].regions.allSatisfy { $0.kind == .code }
          ? functions[index].regions : functions[index].regions.filter { $0.kind == .code }
        if !regions.isEmpty { records[owner].append((functions[index].name, regions)) }
      }
    }
    return records
  }

  /// A record with code in several files: each kept file gets its regions there, named only
  /// where the body is.
  private static func add(
    spanning record: FunctionRecord, to records: inout [[FileRecord]], owners: inout PathIndex
  ) {
    let fileOwners = record.filenames.map { owners.place(of: $0) }
    var own: [Int: [Region]] = [:]
    for region in record.regions
    where region.kind == .code && fileOwners.indices.contains(region.fileID) {
      if let owner = fileOwners[region.fileID] { own[owner, default: []].append(region) }
    }
    let body = record.regions.first { $0.kind == .code }
    for (owner, regions) in own.sorted(by: { $0.key < $1.key }) {
      let isBody =
        body.map { fileOwners.indices.contains($0.fileID) && fileOwners[$0.fileID] == owner }
        ?? false
      records[owner].append((isBody ? record.name : "", regions))
    }
  }
}
