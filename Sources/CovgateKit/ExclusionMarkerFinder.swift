import CoverageGate
import CoverageModel

/// Finds the `// covgate:ignore-...` markers in the sources of the measured targets.
enum ExclusionMarkerFinder {
  /// The markers by package-relative path; a malformed marker is an error naming file and line.
  /// A target whose folder is not here (an export read on another machine) has none to read.
  static func markers(
    package: PackageInfo, config: GateConfig, sources: PackageSources, files: any PackageFiles
  ) throws -> [String: [ExclusionMarker]] {
    var markers: [String: [ExclusionMarker]] = [:]
    for target in package.measuredTargets(
      naming: config.namedTargets, testSupport: config.testSupportNames)
    where files.exists("\(package.root)/\(target.path)") {
      for path in target.sources where path.hasSuffix(".swift") {
        guard let text = sources.source(ofRelativePath: path),
          ExclusionMarkers.mayContainMarkers(text)
        else { continue }
        let found = try ExclusionMarkers.parse(text, path: path)
        if !found.isEmpty { markers[path] = found }
      }
    }
    return markers
  }
}
