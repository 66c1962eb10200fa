import CoverageModel

/// Which lines of the measured files each test ran, from its own counters: the export's
/// function records joined to the binaries' coverage mapping (by `NameRef`, and by having the
/// same regions in the same order), each region's count evaluated from the test's counters,
/// and each file's lines then counted as llvm-cov counts them (its segments and line view).
///
/// A file is known only when every one of its functions joins; the lines of the others are
/// not said (the test map answers for them by function).
public struct TestLines: Sendable {
  /// Per export path, its functions and their mapping.
  let files: [String: [(record: FunctionRecord, mapped: MappedFunction)]]
  /// The files of the functions a profile may name.
  let filesByKey: [RawProfile.FunctionKey: [String]]

  /// Export paths of the files whose functions all joined.
  public var knownFiles: Set<String> { Set(files.keys) }

  /// Joins `records` (the export's, each in its file `filenames[0]`) to `mapping`.
  public init(records: [FunctionRecord], mapping: CoverageMapping) {
    var files: [String: [(FunctionRecord, MappedFunction)]] = [:]
    var unjoined = Set<String>()
    for record in records {
      guard let path = record.filenames.first else { continue }
      let shape = record.regions.filter(Self.isMapping)
      let mapped = RawProfile.nameRefs(name: record.name, file: path).lazy.compactMap {
        mapping.functions[$0]
      }.first { function in
        let regions = function.regions.map(\.region).filter(Self.isMapping)
        return regions.count == shape.count
          && zip(regions, shape).allSatisfy { $0.hasSameShape(as: $1) }
      }
      guard let mapped else {
        unjoined.insert(path)
        continue
      }
      files[path, default: []].append((record, mapped))
    }
    for path in unjoined { files[path] = nil }
    var filesByKey: [RawProfile.FunctionKey: [String]] = [:]
    for (path, functions) in files {
      for (_, mapped) in functions {
        filesByKey[RawProfile.FunctionKey(nameRef: mapped.nameRef, hash: mapped.hash), default: []]
          .append(path)
      }
    }
    self.files = files
    self.filesByKey = filesByKey
  }

  /// The lines one test ran, per export path of a known file it entered (sorted), and the
  /// files whose counts could not be had from `counters` (a profile of another build).
  public func lines(counters: [RawProfile.FunctionKey: [UInt64]]) -> (
    lines: [String: [Int]], failed: Set<String>
  ) {
    var entered = Set<String>()
    for key in counters.keys { entered.formUnion(filesByKey[key] ?? []) }
    var lines: [String: [Int]] = [:]
    var failed = Set<String>()
    for path in entered {
      guard let functions = files[path] else { continue }
      var records: [FunctionRecord] = []
      var complete = true
      for (record, mapped) in functions {
        let key = RawProfile.FunctionKey(nameRef: mapped.nameRef, hash: mapped.hash)
        var regions = mapped.regions.map(\.region)
        if let values = counters[key] {
          guard let counts = mapped.counts(counters: values) else {
            complete = false
            break
          }
          for index in regions.indices { regions[index].count = counts[index] }
        }
        records.append(
          FunctionRecord(
            name: record.name, count: regions.first?.count ?? 0,
            regions: regions.filter(Self.isMapping), filenames: [path]))
      }
      guard complete, let view = try? FunctionSummarizer.lineView(path: path, functions: records)
      else {
        failed.insert(path)
        continue
      }
      let ran = view.rawCounts.indices.filter {
        view.rawCounts[$0] != 0 && view.rawCounts[$0] != LineView.unmapped
      }
      if !ran.isEmpty { lines[path] = ran.map { $0 + 1 } }
    }
    return (lines, failed)
  }

  /// Whether llvm-cov counts the region among a function's regions (branches go apart).
  static func isMapping(_ region: Region) -> Bool {
    switch region.kind {
    case .code, .expansion, .skipped, .gap: true
    case .branch, .mcdcDecision, .mcdcBranch: false
    }
  }
}
