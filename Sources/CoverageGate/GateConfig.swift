import CoverageModel

/// What `.covgate.yml` says: layers, thresholds and exclusions.
public struct GateConfig: Sendable, Equatable {
  public var layers: [LayerConfig]
  /// Package-relative path globs left out of every figure.
  public var exclude: [Glob]
  /// Library targets that are test support (fakes, fixtures) whatever their imports: never measured.
  public var testSupport: [Glob] = []
  /// The per-file floor, per metric, for files of gated layers.
  public var fileMinimum: [MetricKind: Double]
  /// `function_minimum.regions`: the share of its own regions each function of a gated layer
  /// must run (the per-function figures covgate has: see `FunctionRisk`); a layer's own
  /// `function_minimum` takes its place for that layer.
  public var functionMinimum: Double?
  /// Thresholds on the package total.
  public var overall: Thresholds
  /// What a gated layer's target with no coverage data at all does to the gate.
  public var targetsWithoutData: Policy
  /// The file the config came from; `nil` for the built-in defaults.
  public var source: String?
  /// Whether `layers` was written in the config file (then each layer must match something).
  public var layersFromFile: Bool
  /// Patch coverage: the default base and the minimum share of changed lines that ran.
  public var patch = PatchSettings()
  /// The ratchet baseline file and its tolerance.
  public var baseline = BaselineSettings()
  /// The run history database and whether runs are recorded.
  public var history = HistorySettings()
  /// What an exclusion marker hiding code that ran does to the gate (`exclusions.stale`).
  public var staleExclusions = Policy.warn
  /// What an error the data's producer reported does to the gate (`coverage_errors`): `warn`
  /// (the default), `fail`, or `ignore`.
  public var coverageErrors = Policy.warn
  /// Whether branches are derived from the sources (`branches.derive`, default true): off, no
  /// source is parsed and no function record is read for them.
  public var derivesBranches = true
  /// `project.targets`: for a project without `Package.swift`, its targets and their folders;
  /// empty, each top-level folder with sources is a target.
  public var projectTargets: [ProjectTarget] = []
  /// `mutation`: what `covgate mutate` gates and leaves alone.
  public var mutation = MutationConfig()

  public struct MutationConfig: Sendable, Equatable {
    /// The lowest mutation score (killed / (killed + survived), in percent) of each gated layer;
    /// a layer's own `mutation.minimum` wins. `nil`: reported only.
    public var minimum: Double?
    /// Calls never removed, beside the logging and checks covgate knows.
    public var ignoredCalls: [String] = []
    /// Surviving mutants marked as equivalent (no test can tell them apart from the code).
    public var accepted: [AcceptedMutant] = []
    public init() {}
  }

  /// A mutant the team accepts as equivalent: named by its file and its code before and after,
  /// which stay the same when lines move.
  public struct AcceptedMutant: Sendable, Equatable {
    public var file: String
    public var code: String
    public var mutant: String
    public var reason: String

    public init(file: String, code: String, mutant: String, reason: String) {
      self.file = file
      self.code = code
      self.mutant = mutant
      self.reason = reason
    }
  }

  public struct PatchSettings: Sendable, Equatable {
    /// The git ref changes are measured from; `--base` overrides it.
    public var base: String?
    /// Fails the gate below this share of changed executable lines; `nil`: reported only.
    public var minimum: Double?
    public init(base: String? = nil, minimum: Double? = nil) {
      self.base = base
      self.minimum = minimum
    }
  }

  public struct BaselineSettings: Sendable, Equatable {
    /// Package-relative path of the baseline file.
    public var file = ".covgate-baseline.json"
    /// Allowed drop in percentage points.
    public var tolerance = 0.1
    public init() {}
  }

  public enum Policy: String, Sendable, CaseIterable {
    case ignore, warn, fail
  }

  public init(
    layers: [LayerConfig], exclude: [Glob] = [], fileMinimum: [MetricKind: Double] = [:],
    overall: Thresholds = [:], targetsWithoutData: Policy = .warn, source: String? = nil,
    layersFromFile: Bool = false
  ) {
    self.layers = layers
    self.exclude = exclude
    self.fileMinimum = fileMinimum
    self.overall = overall
    self.targetsWithoutData = targetsWithoutData
    self.source = source
    self.layersFromFile = layersFromFile
  }

  /// Target names the layers spell out in full (no glob characters): always measured, even
  /// when they look like test support.
  public var namedTargets: Set<String> {
    Set(layers.flatMap(\.targets).filter(\.isLiteral).map(\.pattern))
  }

  /// The target names `test_support` gives.
  public var testSupportNames: Set<String> { Set(testSupport.map(\.pattern)) }

  /// The built-in config: business logic gated at 60% lines (target 70%), UI glue reported only.
  public static let defaults = GateConfig(layers: [
    LayerConfig(
      name: "logic", isDefault: true, thresholds: [.lines: Threshold(minimum: 60, target: 70)]),
    LayerConfig(
      name: "ui-glue", gated: false,
      targets: ["*UI", "*App", "*View", "*Views", "*CLI"].map { Glob($0) }, kinds: [.executable]),
  ])

  /// The built-in config of a project without `Package.swift` (an app): its targets hold logic
  /// and views alike, so UI glue is told apart by folder and file name.
  public static let appDefaults = GateConfig(layers: [
    LayerConfig(
      name: "logic", isDefault: true, thresholds: [.lines: Threshold(minimum: 60, target: 70)]),
    LayerConfig(name: "ui-glue", gated: false, paths: appGluePaths.map { Glob($0) }),
  ])

  /// Where an app's UI glue lives by convention: view and view-controller folders and files,
  /// table and collection cells, in Swift and Objective-C.
  public static let appGluePaths = [
    "**/Views/**", "**/ViewControllers/**", "**/*View.swift", "**/*ViewController.swift",
    "**/*View.m", "**/*ViewController.m", "**/*ViewController.mm", "**/*Cell.m", "**/*Cell.swift",
  ]
}

/// A target of a project without `Package.swift`, named in the config by its folder.
public struct ProjectTarget: Sendable, Equatable {
  public var name: String
  /// Project-relative folder.
  public var folder: String

  public init(name: String, folder: String) {
    self.name = name
    self.folder = folder
  }
}

/// One layer: which targets or files it holds and the thresholds it must meet.
public struct LayerConfig: Sendable, Equatable {
  public var name: String
  /// A non-gated layer is reported but never fails the run.
  public var gated: Bool
  /// Target-name globs.
  public var targets: [Glob]
  /// Package-relative file globs.
  public var paths: [Glob]
  /// Target kinds (e.g. every executable target).
  public var kinds: [TargetInfo.Kind]
  /// The layer that takes every target no other layer matches.
  public var isDefault: Bool
  public var thresholds: Thresholds
  /// `max_risk`: the highest risk score a function of the layer may have (see `FunctionRisk`).
  public var maxRisk: Int?
  /// `function_minimum.regions` for this layer's functions (over the top-level one).
  public var functionMinimum: Double?
  /// `mutation.minimum` for this layer (over the top-level one).
  public var mutationMinimum: Double?
  /// Where the config file names the layer; not part of equality.
  public var location: SourceLocation?

  public init(
    name: String, gated: Bool = true, targets: [Glob] = [], paths: [Glob] = [],
    kinds: [TargetInfo.Kind] = [], isDefault: Bool = false, thresholds: Thresholds = [:]
  ) {
    self.name = name
    self.gated = gated
    self.targets = targets
    self.paths = paths
    self.kinds = kinds
    self.isDefault = isDefault
    self.thresholds = thresholds
  }

  public static func == (lhs: LayerConfig, rhs: LayerConfig) -> Bool {
    (lhs.name, lhs.gated, lhs.targets, lhs.paths, lhs.kinds, lhs.isDefault)
      == (rhs.name, rhs.gated, rhs.targets, rhs.paths, rhs.kinds, rhs.isDefault)
      && lhs.thresholds == rhs.thresholds && lhs.maxRisk == rhs.maxRisk
      && lhs.functionMinimum == rhs.functionMinimum
  }

  /// Whether the layer names this file or its target (the default layer names nothing).
  func matches(target: TargetInfo, file: String?) -> Bool {
    targets.contains { $0.matches(target.name) } || kinds.contains(target.kind)
      || (file.map { Glob.anyMatches(paths, $0) } ?? false)
  }
}
