import CoverageAcquisition
import CoverageModel
import CoverageReaders
import Foundation
import LLVMCoverage

extension Pipeline {
  /// The coverage of result bundles: each one's xccov JSON, written by `xcrun xccov` into a
  /// temporary folder, read and merged line by line.
  func readResultBundles(_ bundles: [String]) throws -> CoverageData {
    let folder = NSTemporaryDirectory() + "covgate-xccov-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    services.observer.phase(.export)
    let files = try bundles.map { try services.xcode.xccovJSON(bundle: $0, into: folder) }
    return try XccovCoverage.read(
      reports: files.map(\.report), archives: files.map(\.archive),
      namedAfter: bundles)
  }

  /// `xcodebuild test` into `<output>/.xcode/Tests.xcresult` (kept there for Xcode to open),
  /// then its coverage; failed tests still give their coverage (the run then exits 3).
  func runXcodeTests(_ request: XcodeTestRequest) throws -> (CoverageData, TestOutcome) {
    let bundle = "\(settings.outputFolder)/.xcode/Tests.xcresult"
    // xcodebuild refuses a result bundle path that exists.
    try? FileManager.default.removeItem(atPath: bundle)
    try FileManager.default.createDirectory(
      atPath: (bundle as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    services.observer.phase(.test)
    let exitCode = try services.xcode.test(request, resultBundle: bundle)
    guard FileManager.default.fileExists(atPath: bundle) || exitCode == 0 else {
      throw XcodeTestsFailed(exitCode: exitCode)
    }
    let data = try readResultBundles([bundle])
    return (data, TestOutcome(passed: exitCode == 0, exitCode: exitCode))
  }
}

/// `xcodebuild test` failed before it wrote a result bundle (the build failed, or no simulator).
public struct XcodeTestsFailed: Error, Equatable, CustomStringConvertible {
  public var exitCode: Int32

  public var description: String {
    "`xcodebuild test` failed with exit code \(exitCode) before writing a result bundle: the build failed or the destination is not available; see its output above"
  }
}
