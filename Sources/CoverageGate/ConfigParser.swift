import CoverageModel
import CovgateSupport
import Foundation
import Yams

/// Walks the YAML tree of a config file.
struct ConfigParser {
  let file: String

  func config(_ node: Node) throws -> GateConfig {
    let root = try mapping(node, "the top level", keys: ConfigLoader.topLevelKeys)
    var config = GateConfig(layers: GateConfig.defaults.layers, source: file)
    for (key, value) in root {
      switch key {
      case "version":
        guard value.int == 1 else { throw error(value, "version must be 1") }
      case "layers":
        config.layers = try layers(value)
        config.layersFromFile = true
      case "exclude":
        config.exclude = try strings(value, "exclude").map { Glob($0) }
      case "test_support":
        config.testSupport = try globs(value, "test_support")
      case "file_minimum":
        for (metric, number) in try mapping(
          value, "file_minimum", keys: MetricKind.allCases.map(\.rawValue))
        {
          let kind = try metricKind(metric, number)
          config.fileMinimum[kind] = try percent(number, "file_minimum.\(metric)")
        }
      case "function_minimum":
        config.functionMinimum = try functionMinimum(value, "function_minimum")
      case "overall":
        for (metric, threshold) in try mapping(
          value, "overall", keys: MetricKind.allCases.map(\.rawValue))
        {
          config.overall[try metricKind(metric, threshold)] = try self.threshold(
            threshold, "overall.\(metric)")
        }
      case "patch":
        for (key, item) in try mapping(value, "patch", keys: ConfigLoader.patchKeys) {
          if key == "base" { config.patch.base = try text(item, "patch.base") }
          if key == "minimum" { config.patch.minimum = try percent(item, "patch.minimum") }
        }
      case "baseline":
        for (key, item) in try mapping(value, "baseline", keys: ConfigLoader.baselineKeys) {
          if key == "file" { config.baseline.file = try text(item, "baseline.file") }
          if key == "tolerance" {
            config.baseline.tolerance = try percent(item, "baseline.tolerance")
          }
        }
      case "history":
        for (key, item) in try mapping(value, "history", keys: ConfigLoader.historyKeys) {
          if key == "path" { config.history.path = try text(item, "history.path") }
          if key == "enabled" { config.history.enabled = try bool(item, "history.enabled") }
        }
      case "targets_without_data":
        config.targetsWithoutData = try policy(value, "targets_without_data")
      case "coverage_errors":
        config.coverageErrors = try policy(value, "coverage_errors")
      case "branches":
        for (_, item) in try mapping(value, "branches", keys: ConfigLoader.branchKeys) {
          config.derivesBranches = try bool(item, "branches.derive")
        }
      case "exclusions":
        for (_, item) in try mapping(value, "exclusions", keys: ConfigLoader.exclusionKeys) {
          config.staleExclusions = try policy(item, "exclusions.stale")
        }
      case "mutation":
        for (key, item) in try mapping(value, "mutation", keys: ConfigLoader.mutationKeys) {
          if key == "minimum" { config.mutation.minimum = try percent(item, "mutation.minimum") }
          if key == "ignore_calls" {
            config.mutation.ignoredCalls = try strings(item, "mutation.ignore_calls")
          }
          if key == "accept" { config.mutation.accepted = try acceptedMutants(item) }
        }
      case "project":
        for (_, item) in try mapping(value, "project", keys: ConfigLoader.projectKeys) {
          config.projectTargets = try projectTargets(item)
        }
      default:
        break
      }
    }
    return config
  }

  private func layers(_ node: Node) throws -> [LayerConfig] {
    guard case .mapping(let mapping) = node else {
      throw error(
        node, "layers must be a mapping of layer names to settings, e.g. `logic: {lines: 60}`")
    }
    var layers: [LayerConfig] = []
    for (nameNode, value) in mapping {
      guard let name = nameNode.string, !name.isEmpty else {
        throw error(nameNode, "a layer name must be text")
      }
      var layer = try layer(name, value)
      layer.location = nameNode.mark.map { SourceLocation(line: $0.line, column: $0.column) }
      layers.append(layer)
    }
    guard layers.filter(\.isDefault).count <= 1 else {
      throw error(node, "only one layer can be `default: true`")
    }
    guard !layers.isEmpty else { throw error(node, "layers is empty; define at least one layer") }
    return layers
  }

  private func layer(_ name: String, _ node: Node) throws -> LayerConfig {
    var layer = LayerConfig(name: name)
    let context = "layer '\(name)'"
    for (key, value) in try mapping(node, context, keys: ConfigLoader.layerKeys) {
      switch key {
      case "gated": layer.gated = try bool(value, "\(context): gated")
      case "default": layer.isDefault = try bool(value, "\(context): default")
      case "targets": layer.targets = try globs(value, "\(context): targets")
      case "paths": layer.paths = try globs(value, "\(context): paths")
      case "max_risk": layer.maxRisk = try count(value, "\(context): max_risk")
      case "function_minimum":
        layer.functionMinimum = try functionMinimum(value, "\(context): function_minimum")
      case "mutation":
        for (_, item) in try mapping(value, "\(context): mutation", keys: ["minimum"]) {
          layer.mutationMinimum = try percent(item, "\(context): mutation.minimum")
        }
      case "kinds":
        layer.kinds = try strings(value, "\(context): kinds").map { kind in
          guard ConfigLoader.kindNames.contains(kind), let parsed = TargetInfo.Kind(rawValue: kind)
          else {
            throw error(
              value,
              "\(context): unknown kind '\(kind)'; valid kinds: \(ConfigLoader.kindNames.joined(separator: ", "))"
            )
          }
          return parsed
        }
      default:
        layer.thresholds[try metricKind(key, value)] = try threshold(value, "\(context): \(key)")
      }
    }
    if !layer.isDefault, layer.targets.isEmpty, layer.paths.isEmpty, layer.kinds.isEmpty {
      throw error(
        node,
        "\(context) matches nothing; give it targets, paths or kinds, or make it `default: true`")
    }
    return layer
  }

  /// `mutation.accept`: each entry `{file, code, mutant, reason}`, all four text.
  private func acceptedMutants(_ node: Node) throws -> [GateConfig.AcceptedMutant] {
    guard case .sequence(let entries) = node else {
      throw error(
        node,
        "mutation.accept must be a list of {file, code, mutant, reason}, e.g. `- {file: Sources/A/Tax.swift, code: \"a < b\", mutant: \"a <= b\", reason: ...}`"
      )
    }
    return try entries.map { entry in
      var fields: [String: String] = [:]
      for (key, value) in try mapping(
        entry, "a mutation.accept entry", keys: ConfigLoader.acceptedMutantKeys)
      {
        fields[key] = try text(value, "mutation.accept: \(key)")
      }
      for key in ConfigLoader.acceptedMutantKeys where fields[key] == nil {
        throw error(entry, "a mutation.accept entry needs '\(key)' (file, code, mutant and reason)")
      }
      return GateConfig.AcceptedMutant(
        file: fields["file"]!, code: fields["code"]!, mutant: fields["mutant"]!,
        reason: fields["reason"]!)
    }
  }

  /// `project.targets`: target names to project-relative folders, e.g. `App: App`.
  private func projectTargets(_ node: Node) throws -> [ProjectTarget] {
    guard case .mapping(let mapping) = node, !mapping.isEmpty else {
      throw error(node, "project.targets must map target names to folders, e.g. `App: App`")
    }
    return try mapping.map { nameNode, folderNode in
      guard let name = nameNode.string, !name.isEmpty else {
        throw error(nameNode, "project.targets: a target name must be text")
      }
      let folder = try text(folderNode, "project.targets.\(name)")
      // `.` (or `./`): the project's root is the target's folder, its sources at the top.
      if folder == "." || folder == "./" { return ProjectTarget(name: name, folder: "") }
      let trimmed = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
      let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
      guard !trimmed.hasPrefix("/"), !parts.contains(".."), !parts.contains(""), trimmed != "."
      else {
        throw error(
          folderNode,
          "project.targets.\(name): '\(folder)' must be a folder inside the project, relative to its root (e.g. App/Sources)"
        )
      }
      return ProjectTarget(name: name, folder: trimmed)
    }
  }

  private func metricKind(_ key: String, _ node: Node) throws -> MetricKind {
    guard let kind = MetricKind(rawValue: key) else {
      throw error(
        node,
        "unknown metric '\(key)'; valid metrics: \(MetricKind.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    // `branches` are covgate's derived ones; a rule on code without a derivable decision is n/a.
    return kind
  }

  /// `60` (a minimum) or `{minimum: 60, target: 70}`.
  private func threshold(_ node: Node, _ context: String) throws -> Threshold {
    if case .scalar = node { return Threshold(minimum: try percent(node, context)) }
    var threshold = Threshold()
    for (key, value) in try mapping(node, context, keys: ConfigLoader.thresholdKeys) {
      if key == "minimum" { threshold.minimum = try percent(value, "\(context).minimum") }
      if key == "target" { threshold.target = try percent(value, "\(context).target") }
      if key == "max_uncovered" {
        threshold.maxUncovered = try count(value, "\(context).max_uncovered")
      }
    }
    if let minimum = threshold.minimum, let target = threshold.target, target < minimum {
      throw error(
        node,
        "\(context): target \(formatThreshold(target)) is below minimum \(formatThreshold(minimum)); a target is the higher goal"
      )
    }
    return threshold
  }

  /// `{regions: P}`: the only per-function figure there is.
  private func functionMinimum(_ node: Node, _ context: String) throws -> Double? {
    var required: Double?
    for (_, number) in try mapping(node, context, keys: ConfigLoader.functionMinimumKeys) {
      required = try percent(number, "\(context).regions")
    }
    return required
  }

  private func percent(_ node: Node, _ context: String) throws -> Double {
    guard case .scalar(let scalar) = node,
      let value = Double(scalar.string.replacingOccurrences(of: "%", with: "")),
      value.isFinite
    else {
      throw error(node, "\(context) must be a percentage from 0 to 100")
    }
    guard (0...100).contains(value) else {
      throw error(node, "\(context) is \(scalar.string), outside 0-100")
    }
    return value
  }

  /// A count of items: a whole number from 0.
  private func count(_ node: Node, _ context: String) throws -> Int {
    guard case .scalar(let scalar) = node, let value = Int(scalar.string), value >= 0 else {
      throw error(node, "\(context) must be a whole number from 0 (a count, not a percentage)")
    }
    return value
  }

  private func policy(_ node: Node, _ context: String) throws -> GateConfig.Policy {
    guard let policy = node.string.flatMap(GateConfig.Policy.init(rawValue:)) else {
      let choices = GateConfig.Policy.allCases.map(\.rawValue)
      throw error(node, "\(context) must be one of \(choices.joined(separator: ", "))")
    }
    return policy
  }

  private func text(_ node: Node, _ context: String) throws -> String {
    guard case .scalar(let scalar) = node, !scalar.string.isEmpty else {
      throw error(node, "\(context) must be text")
    }
    return scalar.string
  }

  private func bool(_ node: Node, _ context: String) throws -> Bool {
    guard case .scalar = node, let value = node.bool else {
      throw error(node, "\(context) must be true or false")
    }
    return value
  }

  private func strings(_ node: Node, _ context: String) throws -> [String] {
    if case .scalar(let scalar) = node { return [scalar.string] }
    guard case .sequence(let sequence) = node else {
      throw error(node, "\(context) must be a list of text")
    }
    return try sequence.map { item in
      guard case .scalar(let scalar) = item else {
        throw error(item, "\(context) must be a list of text")
      }
      return scalar.string
    }
  }

  /// `strings`, each a glob that remembers where it was written.
  private func globs(_ node: Node, _ context: String) throws -> [Glob] {
    let items: [Node]
    if case .sequence(let sequence) = node { items = Array(sequence) } else { items = [node] }
    return try items.map { item in
      guard case .scalar(let scalar) = item else {
        throw error(item, "\(context) must be a list of text")
      }
      return Glob(
        scalar.string, location: item.mark.map { SourceLocation(line: $0.line, column: $0.column) })
    }
  }

  /// The pairs of a mapping whose keys must all be in `keys`.
  private func mapping(_ node: Node, _ context: String, keys: [String]) throws -> [(String, Node)] {
    guard case .mapping(let mapping) = node else {
      throw error(node, "\(context) must be a mapping with keys \(keys.joined(separator: ", "))")
    }
    var seen: Set<String> = []
    return try mapping.map { keyNode, value in
      guard let key = keyNode.string, keys.contains(key) else {
        let given = keyNode.string ?? ""
        var hint = closestMatch(to: given, among: keys).map { " (did you mean '\($0)'?)" } ?? ""
        if hint.isEmpty, keys.contains("lines"),
          ConfigLoader.thresholdKeys.contains(where: { editDistance($0, given) <= 2 })
        {
          hint =
            " (did you mean a threshold? they go under a metric, e.g. `lines: { minimum: 60 }`)"
        }
        throw error(
          keyNode,
          "unknown key '\(keyNode.string ?? "?")' in \(context)\(hint); valid keys: \(keys.joined(separator: ", "))"
        )
      }
      guard seen.insert(key).inserted else {
        throw error(keyNode, "duplicate key '\(key)' in \(context)")
      }
      return (key, value)
    }
  }

  private func error(_ node: Node, _ message: String) -> ConfigError {
    ConfigError(file: file, line: node.mark?.line, column: node.mark?.column, message: message)
  }
}
