import ArgumentParser
import CovgateKit
import Foundation

/// Options shared by `run`, `check` and `baseline save`.
struct CommonOptions: ParsableArguments {
  @OptionGroup var package: PackageOptions

  @Option(
    name: .customLong("package-description"),
    help: ArgumentHelp(
      "Read the package's targets from this JSON file (the SwiftPM plugin writes it) instead of running `swift package describe`.",
      valueName: "file"))
  var packageDescription: String?

  @Option(
    help: "The folder reports are written to (default: <package>/\(RunSettings.outputFolderName)).")
  var output: String?

  @Option(
    name: .customLong("format"),
    help: ArgumentHelp(
      "A report format, repeatable: \(RunSettings.formatNames.joined(separator: ", ")), or all.",
      valueName: "format"))
  var formats: [String] = ["text", "json"]

  @Option(
    name: .customLong("path-map"),
    help: ArgumentHelp(
      "Rewrite an exported path prefix, repeatable (found automatically when absent).",
      valueName: "old=new"))
  var pathMaps: [String] = []

  @Flag(help: "Do not print the text report on standard output.")
  var quiet = false

  @Flag(
    name: .customLong("no-history"),
    help: ArgumentHelp(
      "Do not record this run in the history database.",
      discussion:
        "Caches of the package description, readable names and decisions are still kept in the user's cache folder ($XDG_CACHE_HOME/covgate or ~/.cache/covgate); they only save time and can be deleted."
    ))
  var noHistory = false

  @Option(
    help: ArgumentHelp(
      "Measure the lines changed since this git ref (patch coverage).", valueName: "ref"))
  var base: String?

  @Flag(
    name: .customLong("update-baseline"), help: "Raise the baseline file wherever coverage rose.")
  var updateBaseline = false

  @Option(
    help: ArgumentHelp(
      "A title shown on every HTML page and in the Markdown report.", valueName: "text"))
  var title: String?

  @Option(
    help: ArgumentHelp(
      "The revision the figures are of (e.g. the commit), shown beside the title.",
      valueName: "text"))
  var revision: String?

  @Option(
    name: .customLong("mutation-report"),
    help: ArgumentHelp(
      "The covgate-mutation.json of a covgate mutate run on this code: its survivors marked on their lines in the HTML site, counted per layer in the Markdown report, and annotated on GitHub.",
      valueName: "file"))
  var mutationReport: String?

  func validate() throws {
    try validating {
      _ = try RunSettings.reportFormats(formats)
      _ = try RunSettings.pathMaps(pathMaps)
    }
  }

  /// What the command line asks of the run, paths made absolute.
  func request() throws -> RunRequest {
    let root = try package.packageRoot()
    return RunRequest(
      packageRoot: root, configFile: package.configFile(root: root),
      packageDescription: packageDescription.map { absolute($0).path },
      outputFolder: output.map { absolute($0).path }, formats: formats, pathMaps: pathMaps,
      recordsHistory: !noHistory, base: base, updatesBaseline: updateBaseline, title: title,
      revision: revision, mutationReport: mutationReport.map { absolute($0).path })
  }

  /// The run's settings: the kit reads the config, once, before anything runs.
  func settings(source: CoverageSource) throws -> RunSettings {
    try RunSettings(request(), source: source)
  }

  /// The pipeline of a run from `source`, with the live services.
  func pipeline(source: CoverageSource, observer: any PipelineObserving) throws -> Pipeline {
    let settings = try settings(source: source)
    return Pipeline(
      settings: settings, services: .live(root: settings.packageRoot, observer: observer))
  }
}
