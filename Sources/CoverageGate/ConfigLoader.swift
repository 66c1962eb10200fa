import CoverageModel
import Foundation
import Yams

/// Reads `.covgate.yml` strictly: unknown keys, wrong types and impossible numbers are errors.
public enum ConfigLoader {
  public static let fileName = ".covgate.yml"

  static let topLevelKeys = [
    "version", "layers", "exclude", "test_support", "file_minimum", "function_minimum", "overall",
    "targets_without_data", "patch",
    "baseline", "history", "exclusions", "branches", "project", "coverage_errors", "mutation",
  ]
  static let mutationKeys = ["minimum", "ignore_calls", "accept"]
  static let acceptedMutantKeys = ["file", "code", "mutant", "reason"]
  static let projectKeys = ["targets"]
  static let branchKeys = ["derive"]
  static let functionMinimumKeys = ["regions"]
  static let exclusionKeys = ["stale"]
  static let patchKeys = ["base", "minimum"]
  static let baselineKeys = ["file", "tolerance"]
  static let historyKeys = ["path", "enabled"]
  static let layerKeys =
    ["gated", "default", "targets", "paths", "kinds", "max_risk", "function_minimum", "mutation"]
    + MetricKind.allCases.map(\.rawValue)
  static let thresholdKeys = ["minimum", "target", "max_uncovered"]
  static let kindNames = ["library", "executable"]

  /// Loads `path`; `nil` when the file does not exist and was not asked for explicitly.
  public static func load(path: String, required: Bool) throws -> GateConfig? {
    guard FileManager.default.fileExists(atPath: path) else {
      guard !required else {
        throw ConfigError(
          file: path,
          message: "no such config file; pass an existing file to --config or run `covgate init`")
      }
      return nil
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigError(file: path, message: "cannot read the file; check its permissions")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigError(file: path, message: "the file is not UTF-8 text")
    }
    return try parse(text, file: path)
  }

  /// Parses config text; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws -> GateConfig {
    let node: Node?
    do {
      node = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw yamlError(error, file: file, text: text)
    } catch {
      throw ConfigError(file: file, message: "not valid YAML")
    }
    guard let node else { return GateConfig(layers: GateConfig.defaults.layers, source: file) }
    return try ConfigParser(file: file).config(node)
  }

  private static func yamlError(_ error: YamlError, file: String, text: String) -> ConfigError {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      // An unclosed `{`, `[` or quote is found only where the file ends: point at its start.
      if let context, let opened = unclosedConstruct(context.text) {
        return ConfigError(
          file: file, line: context.mark.line, column: context.mark.column,
          message: "invalid YAML: the \(opened) that starts here is not closed (\(problem))")
      }
      return ConfigError(
        file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
      // Yams marks the mapping; point at the repeated key itself when it can be found.
      let repeated = duplicates.sorted().first.flatMap {
        secondOccurrence(of: $0, in: text, after: context.mark.line)
      }
      return ConfigError(
        file: file, line: repeated?.line ?? context.mark.line,
        column: repeated?.column ?? context.mark.column,
        message: "duplicate key \(keys) in a mapping; keep one of them")
    default:
      return ConfigError(file: file, message: "invalid YAML")
    }
  }
}

/// What a parser context names when it is something opened and never closed: `flow mapping`
/// for "while parsing a flow mapping"; `nil` for other contexts.
private func unclosedConstruct(_ context: String) -> String? {
  for construct in ["flow mapping", "flow sequence", "quoted scalar"]
  where context.contains(construct) {
    return construct == "flow mapping"
      ? "{ mapping" : construct == "flow sequence" ? "[ list" : "quoted text"
  }
  return nil
}

/// Line and column of the second line from `line` on that starts with `key:`.
private func secondOccurrence(of key: String, in text: String, after line: Int) -> (
  line: Int, column: Int
)? {
  var seen = 0
  for (index, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
  where index + 1 >= line {
    let trimmed = content.drop { $0 == " " }
    guard trimmed.hasPrefix(key + ":") else { continue }
    seen += 1
    if seen == 2 { return (index + 1, content.count - trimmed.count + 1) }
  }
  return nil
}
