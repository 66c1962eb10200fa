import CoverageAcquisition
import CovgateSupport
import Foundation

/// Where covgate keeps what only saves time between runs, one folder per package: under
/// `$XDG_CACHE_HOME/covgate` (or `~/.cache/covgate`; `~/Library/Caches/covgate` on macOS), never
/// in the measured package nor among the reports.
enum CacheFolder {
  static func forPackage(
    _ root: String, environment: [String: String] = ProcessInfo.processInfo.environment,
    platform: any Platform = currentPlatform()
  ) -> String? {
    guard let base = platform.cacheBase(environment: environment) else { return nil }
    let name = (root as NSString).lastPathComponent
    return "\(base)/covgate/\(name)-\(fingerprint(Data(root.utf8)))"
  }
}
