import CovgateSupport

/// A project without `Package.swift` (an Xcode app): no manifest says which files are the
/// team's own, so the folders Xcode's builds mix into coverage are recognised by name and left
/// out, each with its reason.
public struct ProjectLayout: Hashable, Sendable, Codable {
  /// The `.xcworkspace` and `.xcodeproj` bundles at the project root, sorted.
  public var xcodeProjects: [String]

  public init(xcodeProjects: [String] = []) {
    self.xcodeProjects = xcodeProjects
  }

  /// Why a project-relative file is not the project's own code, or `nil` when it is: build
  /// output, dependencies Xcode, CocoaPods or Carthage fetched, generated sources, and the
  /// sources of test bundles (folders named `*Tests`, `*UITests` or `*.xctest`).
  public static func reasonLeftOut(_ relative: String) -> String? {
    if let reason = reasonFromBazel(relative) { return reason }
    if let reason = reasonFromXcode(relative) { return reason }
    let folders = relative.split(separator: "/").dropLast()
    if let tests = folders.first(where: isTestFolder) { return "test sources (\(tests))" }
    return nil
  }

  /// The last folder `reasonLeftOut(_:memo:)` answered for, and its answer.
  public struct FolderMemo: Sendable {
    var folder: Substring?
    var reason: String?

    public init() {}

    init(folder: Substring, reason: String?) {
      self.folder = folder
      self.reason = reason
    }
  }

  /// `reasonLeftOut`, asked once per run of files in one folder (a report lists a folder's
  /// files together): without a generated file's name, the answer is the folder's.
  public static func reasonLeftOut(_ relative: String, memo: inout FolderMemo) -> String? {
    guard let slash = relative[...].lastIndex(ofByte: UInt8(ascii: "/")),
      !relative.hasSuffix(".generated.swift")
    else { return reasonLeftOut(relative) }
    let folder = relative[..<slash]
    if let known = memo.folder, known.hasSameBytes(as: folder) { return memo.reason }
    let reason = reasonLeftOut(folder + "/file")
    memo = FolderMemo(folder: folder, reason: reason)
    return reason
  }

  /// What Bazel brought in, by the top-level folder of a workspace-relative path: an external
  /// repository (`external/`) or its output links (`bazel-out/`, `bazel-bin/`, ...).
  public static func reasonFromBazel(_ relative: String) -> String? {
    guard let first = relative.split(separator: "/").first, relative.contains("/") else {
      return nil
    }
    if first == "external" { return "a Bazel external repository (external)" }
    if first.hasPrefix("bazel-") { return "Bazel's build output (\(first))" }
    return nil
  }

  /// The folders that tell what Xcode's build brought in, the most telling first: a package
  /// Xcode checked out lives under DerivedData too.
  private static let xcodeFolders: [(name: Substring, reason: String)] = [
    ("SourcePackages", "a Swift package Xcode checked out (SourcePackages)"),
    ("Pods", "a CocoaPods dependency (Pods)"), ("Carthage", "a Carthage dependency (Carthage)"),
    ("DerivedSources", "generated source (DerivedSources)"),
    ("Generated", "generated source (Generated)"),
    ("DerivedData", "Xcode's build output (DerivedData)"),
    ("Build", "Xcode's build output (Build)"), ("build", "Xcode's build output (build)"),
  ]

  /// Whether a folder's name is one of the folders Xcode's builds and dependency managers fill
  /// (`SourcePackages`, `Pods`, `DerivedData`, ...): never a target of the project.
  public static func isXcodeFolder(_ name: Substring) -> Bool {
    xcodeFolders.contains { $0.name == name }
  }

  /// What Xcode's build brought in from outside the project (a path under DerivedData): a
  /// checked-out package, a generated source, other build output; `nil` for anything else.
  public static func reasonFromXcode(_ path: String) -> String? {
    let components = path.split(separator: "/")
    let folders = components.dropLast()
    // Most paths hold none of these names: one pass to find that out.
    var best: Int?
    for folder in folders {
      if let index = xcodeFolders.firstIndex(where: { $0.name == folder }), index < best ?? .max {
        best = index
      }
    }
    if let best { return xcodeFolders[best].reason }
    if let name = components.last, name.hasSuffix(".generated.swift") {
      return "generated source (\(name))"
    }
    return nil
  }

  /// Whether a folder holds a test bundle's sources by Xcode's naming: `AppTests`,
  /// `AppUITests`, `AppTests.xctest`.
  public static func isTestFolder(_ name: Substring) -> Bool {
    name.hasSuffix("Tests") || name.hasSuffix(".xctest")
  }
}
