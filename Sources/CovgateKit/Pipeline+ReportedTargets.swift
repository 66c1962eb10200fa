import CoverageAcquisition
import CoverageGate
import CoverageModel

extension Pipeline {
  /// Whether the project takes its targets from the data when the data names them: a project
  /// without a manifest, whose config names no targets (`project.targets`) and that no
  /// description file describes. Its folders are then only the fallback.
  func takesReportedTargets(_ package: PackageInfo) -> Bool {
    package.project != nil && settings.config.projectTargets.isEmpty
      && settings.packageDescriptionPath == nil
  }

  /// `package` with the targets the data's producer named (xccov's `App.app`, ...) in place of
  /// its folders, when it takes them and they hold a measured file; checked against the config
  /// either way (a config naming a report's target is checked only once the report is read).
  func withReportedTargets(_ package: PackageInfo, data: CoverageData) throws -> PackageInfo {
    guard takesReportedTargets(package) else { return package }
    var adopted = package
    let targets = ReportedTargets.targets(
      data.producerTargets, package: package, pathMaps: settings.pathMaps, links: services.files)
    if targets.contains(where: { $0.kind != .test }) {
      adopted.targets = targets
      let sources = sources(root: package.root)
      adopted = TestFrameworkImports.marked(adopted) { sources.source(ofRelativePath: $0) }
    }
    try settings.config.check(against: adopted)
    return adopted
  }
}
