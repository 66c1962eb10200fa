import CoverageModel
import Foundation
import LLVMCoverage

/// A package description written by a tool that read the package without running `swift`
/// (the SwiftPM command plugin): `PackageInfo` as JSON, given with `--package-description`.
struct PackageDescriptionFile {
  /// The absolute path of the JSON file.
  let path: String

  /// The described package. Its root must be the package at `root` (symlinks resolved), and
  /// is set to `root` exactly so that paths compare as covgate computes them.
  func read(root: String) throws -> PackageInfo {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PackageDescriptionError(path: path, reason: "cannot read the file; check the path")
    }
    var info: PackageInfo
    do {
      // The byte reader for speed; Foundation's decoder to name what is wrong.
      info =
        try PackageDescriptionReader.read(data)
        ?? JSONDecoder().decode(PackageInfo.self, from: data)
    } catch {
      throw PackageDescriptionError(
        path: path,
        reason:
          "not a package description: \(DecodingErrorSummary.line(error)); write it again (the covgate plugin does) "
          + "or leave the option out so that covgate runs `swift package describe`")
    }
    guard Self.resolved(info.root) == Self.resolved(root) else {
      throw PackageDescriptionError(
        path: path,
        reason:
          "it describes the package at \(info.root), not \(root); pass --package-path \(info.root)")
    }
    info.root = root
    return info
  }

  private static func resolved(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}

/// A `--package-description` file covgate cannot use; the description is one line.
struct PackageDescriptionError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String { "--package-description \(path): \(reason)" }
}
