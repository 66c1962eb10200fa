import CoverageGate
import Foundation

/// Where a package's runs are recorded, by `HistorySettings.location` with the package's
/// `.covgate/` folder looked up on disk and covgate's cache folder for the package (found from
/// `environment`).
enum HistoryLocation {
  static func path(
    _ history: HistorySettings, root: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    let folder = (root as NSString).appendingPathComponent(HistorySettings.packageFolder)
    return history.location(
      root: root, cacheFolder: CacheFolder.forPackage(root, environment: environment),
      packageFolderExists: FileManager.default.fileExists(atPath: folder))
  }
}
