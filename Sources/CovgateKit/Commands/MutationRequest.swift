import CoverageGate

/// What `covgate mutate` was asked on the command line, in plain values (paths absolute, the
/// files package-relative): `MutationTesting.run(_:observer:)` decides the settings from it and
/// the config.
public struct MutationRequest: Sendable {
  public var packageRoot: String
  public var configFile: ConfigFile
  /// The config already read (`covgate run --mutate` reads it once, for both runs); nil: read
  /// from `configFile`.
  public var config: GateConfig?
  /// The lines changed since this ref; nil: `files`, `all` or the config's `patch.base`.
  public var base: String?
  /// Every line of these package-relative files.
  public var files: [String]
  /// Every line of the gated layers.
  public var all: Bool
  /// How many mutants run at once; nil: the cores.
  public var jobs: Int?
  public var timeoutFactor: Double
  public var freshProcesses: Bool
  /// False with `--no-cache`: every mutant runs, even one nothing it depends on changed for.
  public var usesCache: Bool
  /// The folder the reports go to; nil: the default under the package.
  public var outputFolder: String?
  /// The report formats by name (`MutationFormat`, or `all`); none: text, json and markdown.
  public var formats: [String]
  /// `--shard K/N`: only the K-th of N parts of the mutants.
  public var shard: String?
  /// `--test-map`: the test map whose times balance the shards, absolute.
  public var testMap: String?
  /// `--update-baseline`: a whole run (`all`) raises the baseline's mutation scores.
  public var updatesBaseline: Bool

  public init(
    packageRoot: String, configFile: ConfigFile, base: String? = nil, files: [String] = [],
    all: Bool = false, jobs: Int? = nil, timeoutFactor: Double = 5, freshProcesses: Bool = false,
    usesCache: Bool = true, outputFolder: String? = nil, formats: [String] = [],
    shard: String? = nil, testMap: String? = nil, updatesBaseline: Bool = false
  ) {
    self.packageRoot = packageRoot
    self.configFile = configFile
    self.base = base
    self.files = files
    self.all = all
    self.jobs = jobs
    self.timeoutFactor = timeoutFactor
    self.freshProcesses = freshProcesses
    self.usesCache = usesCache
    self.outputFolder = outputFolder
    self.formats = formats
    self.shard = shard
    self.testMap = testMap
    self.updatesBaseline = updatesBaseline
  }
}

/// What `covgate mutate merge` was asked: the shards' JSON reports, and where and how to write
/// the whole run's (paths absolute).
public struct MutationMergeRequest: Sendable {
  public var packageRoot: String
  public var configFile: ConfigFile
  /// The shards' `covgate-mutation.json` files.
  public var shards: [String]
  /// The folder the reports go to; nil: the default under the package.
  public var outputFolder: String?
  /// The report formats by name (`MutationFormat`, or `all`); none: text, json and markdown.
  public var formats: [String]
  /// `--update-baseline`: the merge of a whole run's shards raises the baseline's mutation
  /// scores.
  public var updatesBaseline: Bool

  public init(
    packageRoot: String, configFile: ConfigFile, shards: [String], outputFolder: String? = nil,
    formats: [String] = [], updatesBaseline: Bool = false
  ) {
    self.packageRoot = packageRoot
    self.configFile = configFile
    self.shards = shards
    self.outputFolder = outputFolder
    self.formats = formats
    self.updatesBaseline = updatesBaseline
  }
}

/// The reports `covgate mutate` writes (text goes to standard output only).
public enum MutationFormat: String, CaseIterable, Sendable {
  case text, json, markdown, html, sonarqube, sarif

  /// The formats `names` choose; none given: text, json and markdown; `all` is every format.
  ///
  /// - Throws: `UsageError` naming an unknown format.
  public static func chosen(_ names: [String]) throws -> Set<MutationFormat> {
    guard !names.isEmpty else { return [.text, .json, .markdown] }
    var chosen = Set<MutationFormat>()
    for name in names {
      if name == "all" { return Set(allCases) }
      guard let format = MutationFormat(rawValue: name) else {
        throw UsageError(
          "unknown format '\(name)'; valid formats: \(allCases.map(\.rawValue).joined(separator: ", ")), all"
        )
      }
      chosen.insert(format)
    }
    return chosen
  }
}
