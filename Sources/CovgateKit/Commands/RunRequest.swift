import Foundation

/// What `run`, `check` and `baseline save` were asked on the command line, in plain values
/// (paths absolute): `RunSettings(_:source:)` turns it into the run's settings, reading the
/// config once.
public struct RunRequest: Sendable {
  public var packageRoot: String
  public var configFile: ConfigFile
  /// A package description file to read instead of running `swift package describe`.
  public var packageDescription: String?
  /// The folder the reports go to; nil: the default under the package.
  public var outputFolder: String?
  /// The report formats by name (`text`, `json`, …, or `all`).
  public var formats: [String]
  /// Path prefixes to rewrite, each `OLD=NEW`.
  public var pathMaps: [String]
  /// False with `--no-history`: the run is not recorded even when the config records runs.
  public var recordsHistory: Bool
  /// The ref patch coverage is measured against; nil: the config's.
  public var base: String?
  public var updatesBaseline: Bool
  /// The title and revision the HTML and Markdown reports and the job summary show.
  public var title: String?
  public var revision: String?
  /// `--mutation-report`: a covgate mutate run's JSON, shown in the coverage reports.
  public var mutationReport: String?

  public init(
    packageRoot: String, configFile: ConfigFile, packageDescription: String? = nil,
    outputFolder: String? = nil, formats: [String] = ["text", "json"], pathMaps: [String] = [],
    recordsHistory: Bool = true, base: String? = nil, updatesBaseline: Bool = false,
    title: String? = nil, revision: String? = nil, mutationReport: String? = nil
  ) {
    self.mutationReport = mutationReport
    self.packageRoot = packageRoot
    self.configFile = configFile
    self.packageDescription = packageDescription
    self.outputFolder = outputFolder
    self.formats = formats
    self.pathMaps = pathMaps
    self.recordsHistory = recordsHistory
    self.base = base
    self.updatesBaseline = updatesBaseline
    self.title = title
    self.revision = revision
  }
}
