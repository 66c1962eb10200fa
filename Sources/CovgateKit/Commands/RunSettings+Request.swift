import CoverageGate
import CoverageReports
import Foundation

extension RunSettings {
  /// The settings of the run `request` asks for: the config is read here, once, before anything
  /// runs; the cache folder, where runs are recorded and whether GitHub Actions wants line
  /// annotations are decided from `environment`.
  public init(
    _ request: RunRequest, source: CoverageSource,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    let root = request.packageRoot
    let config = try request.configFile.load(
      root: root, describedAsPackage: request.packageDescription != nil)
    self.init(
      packageRoot: root, config: config, source: source,
      packageDescriptionPath: request.packageDescription, outputFolder: request.outputFolder,
      formats: try Self.reportFormats(request.formats),
      pathMaps: try Self.pathMaps(request.pathMaps), base: request.base,
      recordsHistory: request.recordsHistory && config.history.enabled,
      updatesBaseline: request.updatesBaseline,
      annotatesLines: GitHubActions(environment: environment).annotates,
      cacheFolder: CacheFolder.forPackage(root, environment: environment))
    heading = ReportHeading(title: request.title, revision: request.revision)
    mutationReport = request.mutationReport
    historyPath = HistoryLocation.path(config.history, root: root, environment: environment)
  }

  /// The names `--format` takes, besides `all`.
  public static let formatNames = ReportFormat.allCases.map(\.rawValue)

  /// The formats `names` choose, each once, in order; `all` is every format.
  ///
  /// - Throws: `UsageError` naming an unknown format.
  public static func reportFormats(_ names: [String]) throws -> [ReportFormat] {
    var result: [ReportFormat] = []
    for name in names {
      if name == "all" { return ReportFormat.allCases }
      guard let format = ReportFormat(rawValue: name) else {
        throw UsageError(
          "unknown format '\(name)'; valid formats: \(formatNames.joined(separator: ", ")), all")
      }
      if !result.contains(format) { result.append(format) }
    }
    return result
  }

  /// The path maps of `arguments`, each `OLD=NEW`.
  ///
  /// - Throws: `UsageError` naming an argument with an empty side or no `=`.
  public static func pathMaps(_ arguments: [String]) throws -> [PathMap] {
    try arguments.map { argument in
      guard let map = PathMap(argument: argument) else {
        throw UsageError("--path-map takes OLD=NEW with both sides non-empty, got '\(argument)'")
      }
      return map
    }
  }
}
