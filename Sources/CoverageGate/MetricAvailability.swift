import CoverageModel

/// A rule on a figure the data does not hold is a config error, never a rule that silently
/// does not apply: xccov and LCOV data have lines and functions but no regions or
/// instantiations, and no function's own regions.
enum MetricAvailability {
  /// Throws for the first rule of `config` on a metric `capabilities` lack, naming the rule,
  /// the metric and where the figures came from.
  static func check(_ config: GateConfig, holds capabilities: Capabilities) throws {
    guard !capabilities.regions || !capabilities.functionRegions || !capabilities.functions else {
      return
    }
    let lacking = Set<MetricKind>(
      (capabilities.regions ? [] : [.regions, .instantiations])
        + (capabilities.functions ? [] : [.functions]))
    let file = config.source ?? ".covgate.yml"
    func refuse(_ rule: String, _ metric: String, line: Int? = nil) -> ConfigError {
      ConfigError(
        file: file, line: line,
        message:
          "\(rule) gates \(metric), which \(capabilities.source.name) data does not hold (it has \(capabilities.functions ? "lines and functions" : "lines only")); gate lines or functions, or measure with llvm-cov (covgate run, --input)"
      )
    }
    for layer in config.layers {
      if let metric = layer.thresholds.keys.sorted().first(where: lacking.contains) {
        throw refuse("layer '\(layer.name)'", metric.rawValue, line: layer.location?.line)
      }
      if layer.functionMinimum != nil, !capabilities.functionRegions {
        throw refuse(
          "layer '\(layer.name)' function_minimum", "each function's regions",
          line: layer.location?.line)
      }
    }
    if let metric = config.overall.keys.sorted().first(where: lacking.contains) {
      throw refuse("overall", metric.rawValue)
    }
    if let metric = config.fileMinimum.keys.sorted().first(where: lacking.contains) {
      throw refuse("file_minimum", metric.rawValue)
    }
    if config.functionMinimum != nil, !capabilities.functionRegions {
      throw refuse("function_minimum", "each function's regions")
    }
  }
}
