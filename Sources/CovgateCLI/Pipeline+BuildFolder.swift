import Foundation
import LLVMCoverage

extension Pipeline {
  /// Turns the profiles a test run left in a build folder (`.build/debug`: `codecov/*.profraw`
  /// and `*.xctest`) into one export, with the llvm tools only: no `swift` runs, so this works
  /// while another SwiftPM process holds the build lock (the covgate plugin).
  ///
  /// - Returns: the path of the export JSON, in the folder's `codecov/`.
  func exportBuildFolder(_ folder: String) throws -> String {
    let binPath = URL(
      fileURLWithPath: folder,
      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    )
    .standardizedFileURL.resolvingSymlinksInPath().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: binPath, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw BuildFolderError(path: binPath)
    }
    let toolchain = try platform.locateToolchain()
    return try TestRunner(
      toolchain: toolchain, platform: platform, onPhase: { [terminal] in terminal.phase($0) }
    )
    .exportBuild(binPath: binPath)
  }
}

/// A `--from-build` folder that does not exist.
struct BuildFolderError: Error, CustomStringConvertible {
  var path: String
  var description: String {
    "--from-build \(path) is not a folder; give the build products folder the tests ran from, e.g. .build/debug"
  }
}
