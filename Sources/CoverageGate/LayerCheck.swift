import CoverageModel
import CovgateSupport

extension GateConfig {
  /// Checks the config file's layers against the package's targets, before anything is built:
  /// a target name that is not a measured target, or a layer that matches no measured target
  /// or file, is an error at the line that wrote it.
  public func check(against package: PackageInfo) throws {
    try checkTestSupport(against: package)
    guard layersFromFile else { return }
    let measured = package.measuredTargets(naming: namedTargets, testSupport: testSupportNames)
    let names = measured.map(\.name)
    for layer in layers where !layer.isDefault {
      for glob in layer.targets where glob.isLiteral && !names.contains(glob.pattern) {
        let why =
          package.targets.contains { $0.name == glob.pattern }
          ? "is not a measured target (tests, plugins and macros are not measured)"
          : "is not a target of the package" + didYouMean(glob.pattern, among: names)
        throw error(
          at: glob.location ?? layer.location,
          "layer '\(layer.name)': target '\(glob.pattern)' \(why); the measured targets are \(names.joined(separator: ", "))"
        )
      }
      let matches = measured.contains { target in
        layer.matches(target: target, file: nil)
          || target.sources.contains { layer.matches(target: target, file: $0) }
      }
      if !matches {
        throw error(
          at: layer.location,
          "layer '\(layer.name)' matches no measured target or file; the measured targets are \(names.joined(separator: ", "))"
        )
      }
    }
  }

  /// Each `test_support` entry must name a library target of the package.
  private func checkTestSupport(against package: PackageInfo) throws {
    let libraries = package.targets.filter { $0.kind == .library }.map(\.name)
    for entry in testSupport where !libraries.contains(entry.pattern) {
      throw error(
        at: entry.location,
        "test_support: '\(entry.pattern)' is not a library target of the package"
          + didYouMean(entry.pattern, among: libraries)
          + "; the library targets are \(libraries.joined(separator: ", "))")
    }
  }

  private func error(at location: SourceLocation?, _ message: String) -> ConfigError {
    ConfigError(
      file: source ?? ConfigLoader.fileName, line: location?.line, column: location?.column,
      message: message)
  }
}

/// ` (did you mean 'X'?)` when a name is within two edits of `given`.
private func didYouMean(_ given: String, among names: [String]) -> String {
  guard let closest = closestMatch(to: given, among: names) else { return "" }
  return " (did you mean '\(closest)'?)"
}
