import CoverageModel

/// Everything the gate evaluates: the coverage data and what it is compared with.
public struct GateInput: Sendable {
  /// The merged coverage data (function records present when `markers` is not empty).
  public var data: CoverageData
  public var package: PackageInfo
  public var config: GateConfig
  /// Prefix rewrites for exports made elsewhere.
  public var pathMaps: [PathMap]
  /// Exclusion markers per package-relative path.
  public var markers: [String: [ExclusionMarker]]
  /// The changed lines since a base, for patch coverage.
  public var changes: ChangeSet?
  /// The committed baseline that gated layers must not drop below.
  public var baseline: Baseline?
  /// How the tests went, when covgate ran them.
  public var tests: TestOutcome?
  /// Resolves symlinks on disk, so that a file linking out of the package is not measured.
  public var links: (any SymlinkResolving)?
  /// Derives branch coverage from the sources (function records must be present); nil: none.
  public var branches: (any BranchDeriving)?

  public init(
    data: CoverageData, package: PackageInfo, config: GateConfig, pathMaps: [PathMap] = [],
    markers: [String: [ExclusionMarker]] = [:], changes: ChangeSet? = nil,
    baseline: Baseline? = nil, tests: TestOutcome? = nil, links: (any SymlinkResolving)? = nil,
    branches: (any BranchDeriving)? = nil
  ) {
    self.branches = branches
    self.data = data
    self.package = package
    self.config = config
    self.pathMaps = pathMaps
    self.markers = markers
    self.changes = changes
    self.baseline = baseline
    self.tests = tests
    self.links = links
  }
}

/// The lines changed between a base and the work tree.
public struct ChangeSet: Sendable, Equatable {
  /// The ref the user named (`origin/main`).
  public var base: String
  /// The merge base the diff was taken against.
  public var baseCommit: String
  /// Changed files, paths relative to the package root.
  public var files: [ChangedFile]

  public init(base: String, baseCommit: String, files: [ChangedFile]) {
    self.base = base
    self.baseCommit = baseCommit
    self.files = files
  }
}
