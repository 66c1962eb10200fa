import CoverageGate
import CoverageModel

/// The commented `.covgate.yml` that `covgate init` writes.
enum StarterConfig {
  static func text(for package: PackageInfo) -> String {
    let classifier = Classifier(config: .defaults, package: package)
    let targets = package.measuredTargets
    let glue = targets.filter { (try? classifier.layer(target: $0, file: nil)) == "ui-glue" }.map(
      \.name)
    let logic = targets.map(\.name).filter { !glue.contains($0) }
    return """
      # covgate configuration for \(package.name). Reference: covgate's README.
      version: 1

      layers:
        # Business logic: fails the run below the minimum, warns below the target.
        # Targets: \(logic.isEmpty ? "(none yet)" : logic.joined(separator: ", "))
        logic:
          default: true          # takes every target no other layer names
          lines: { minimum: 60, target: 70 }
          # functions: { minimum: 60 }
          # regions: { minimum: 50 }

        \(glueLayer(glue))

      # Files left out of every figure (globs on package-relative paths).
      # exclude: ["Sources/**/Generated/**"]

      # Every file of a gated layer must reach this much.
      # file_minimum: { lines: 30 }

      # Every function of a gated layer must run this share of its own regions.
      # function_minimum: { regions: 50 }

      # Thresholds on the package total.
      # overall: { lines: { minimum: 60 } }

      # A target of a gated layer with no coverage data at all: ignore, warn or fail.
      targets_without_data: warn

      """
  }

  /// The config of a project without `Package.swift` (an app): its targets by folder, logic
  /// gated, and UI glue told apart by folder and file name. `fromReport`: the targets are the
  /// ones an xccov report named (`init --xccov-report`).
  static func appText(for project: PackageInfo, fromReport: Bool = false, bazel: Bool = false)
    -> String
  {
    let glue = GateConfig.appGluePaths.map(yamlQuoted).joined(separator: ", ")
    let kind = bazel ? "a Bazel workspace" : "an Xcode project"
    // A layer that matches no file is a config error: commented out when no source is glue.
    let globs = GateConfig.appGluePaths.map { Glob($0) }
    let hasGlue = project.targets.filter { $0.kind != .test }.flatMap(\.sources).contains {
      Glob.anyMatches(globs, $0)
    }
    let prefix = hasGlue ? "" : "# "
    let glueNote =
      hasGlue
      ? "" : "\n  # No file of the project matches these globs yet: left out (a layer must match)."
    return """
      # covgate configuration for \(project.name), \(kind). Reference: covgate's README.
      version: 1

      \(targetsSection(project.targets, fromReport: fromReport, bazel: bazel))

      layers:
        # Business logic: fails the run below the minimum, warns below the target.
        logic:
          default: true          # takes every file no other layer names
          lines: { minimum: 60, target: 70 }
          # functions: { minimum: 60 }

        # UI glue: reported, never fails the run. The UI tests' run covers it.\(glueNote)
        \(prefix)ui-glue:
        \(prefix)  gated: false
        \(prefix)  paths: [\(glue)]

      # Files left out of every figure (globs on project-relative paths).
      # exclude: ["App/Generated/**"]

      # A target of a gated layer with no coverage data at all: ignore, warn or fail.
      targets_without_data: warn

      """
  }

  /// `project.targets`: each target's folder. Targets from a report that share a folder (or lie
  /// in the root) cannot be told apart by folder: they are listed in a comment instead, and
  /// covgate takes them from the report on every run.
  private static func targetsSection(_ targets: [TargetInfo], fromReport: Bool, bazel: Bool)
    -> String
  {
    let lines = targets.map { "    \(yamlQuoted($0.name)): \(yamlQuoted($0.path))" }
    if bazel {
      return """
        # The workspace's Bazel packages (folders with a BUILD or BUILD.bazel file), each a target
        # named by its folder as its label is (//Modules/Login); adjust them. Without this
        # section covgate finds them the same way on every run.
        project:
          targets:
        \(lines.joined(separator: "\n"))
        """
    }
    guard fromReport else {
      return """
        # The project's targets by folder (found by looking: adjust them). Folders named *Tests or
        # *UITests hold tests and are never measured.
        project:
          targets:
        \(lines.joined(separator: "\n"))
        """
    }
    if ReportedTargets.separableByFolder(targets) {
      return """
        # The targets the xccov report names, by the folder of their files (adjust them). Without
        # this section covgate takes the targets from each report it reads.
        project:
          targets:
        \(lines.joined(separator: "\n"))
        """
    }
    let listed = targets.map {
      "#   \($0.name): \($0.path.isEmpty ? "(the root)" : $0.path), \($0.sources.count) files"
    }
    return """
      # The targets the xccov report names share folders, so folders cannot fix them here:
      # covgate takes them from each report it reads, by the files the report lists for each.
      \(listed.joined(separator: "\n"))
      """
  }

  /// The ui-glue layer, commented out when no target would be in it (an empty layer is an error).
  private static func glueLayer(_ glue: [String]) -> String {
    let names = glue.isEmpty ? "\"*UI\", \"*App\"" : glue.map(yamlQuoted).joined(separator: ", ")
    let prefix = glue.isEmpty ? "# " : ""
    return """
      # UI glue: reported, never fails the run.
        \(prefix)ui-glue:
        \(prefix)  gated: false
        \(prefix)  targets: [\(names)]
      """
  }

  private static func yamlQuoted(_ name: String) -> String {
    "\"\(name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
  }
}
