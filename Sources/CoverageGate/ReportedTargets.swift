import CoverageModel
import Foundation

/// The targets a producer's report names (xccov: `App.app`, `Networking.framework`,
/// `AppTests.xctest`) as the targets of a project without a manifest: each named after its
/// product without the extension, test bundles and UI-test runners as tests, each holding
/// exactly the project files the report lists for it (two targets may share a folder).
public enum ReportedTargets {
  /// The extensions of Xcode's products, dropped from a target's name.
  static let productExtensions: Set<Substring> = [
    "app", "appex", "bundle", "dylib", "framework", "xctest", "xpc", "a", "so",
  ]

  /// The project's targets from `reported`, paths mapped by `pathMaps` (or, with none, by the
  /// prefix detected against `package`'s folders and, with `links`, the disk, as scoping does).
  /// Files outside the project, in dependencies or in build output are not a target's; a
  /// target left with none is dropped.
  /// A file that a product and a test bundle both compile is the product's: the products come
  /// first, each test bundle keeps the files no product lists (tests and their helpers).
  public static func targets(
    _ reported: [ProducerTarget], package: PackageInfo, pathMaps: [PathMap],
    links: (any SymlinkResolving)? = nil
  ) -> [TargetInfo] {
    let maps =
      pathMaps.isEmpty
      ? PathMap.detect(paths: reported.flatMap(\.files), package: package, links: links).map {
        [$0]
      } ?? []
      : pathMaps
    let rootFolder = LexicalPath.normalized(package.root) + "/"
    // Whether a folder holds dependencies or build output, asked once per folder: files come
    // in runs of one folder, and the answer is the same for all of them.
    var outsideFolder: [Substring: Bool] = [:]
    func projectFiles(_ target: ProducerTarget) -> [String] {
      target.files.compactMap { path -> String? in
        // Bytes, as paths are compared (and a `Character` walk costs per file).
        let mapped = LexicalPath.normalized(maps.reduce(path) { $1.apply($0) })
        guard mapped.utf8.starts(with: rootFolder.utf8) else { return nil }
        let relative = String(Substring(mapped.utf8.dropFirst(rootFolder.utf8.count)))
        let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) ?? relative.startIndex
        let folder = relative[..<slash]
        let outside =
          outsideFolder[folder]
          ?? {
            let probe = "\(folder)/file"
            let answer =
              folder == ".build" || folder.hasPrefix(".build/")
              || ProjectLayout.reasonFromBazel(probe) != nil
              || ProjectLayout.reasonFromXcode(probe) != nil
            outsideFolder[folder] = answer
            return answer
          }()
        return outside || relative.hasSuffix(".generated.swift") ? nil : relative
      }
    }
    let products = reported.map { (target: $0, product: productName($0.name)) }
    var targets: [TargetInfo] = []
    var names = Set<String>()
    var listed = Set<String>()
    for isTest in [false, true] {
      for (target, product) in products where product.isTest == isTest {
        let files = Set(projectFiles(target)).subtracting(isTest ? listed : [])
        guard !files.isEmpty else { continue }
        // Two products of one name (`App.app` and `App.framework`) keep their extensions.
        let name = names.contains(product.name) ? target.name : product.name
        names.insert(name)
        if !isTest { listed.formUnion(files) }
        var info = TargetInfo(
          name: name, kind: isTest ? .test : .library, path: commonFolder(Array(files)),
          sources: files.sorted())
        info.holdsListedFilesOnly = true
        targets.append(info)
      }
    }
    return targets
  }

  /// A product's target name and whether it is a test bundle: `AppTests.xctest` and
  /// `AppUITests-Runner.app/PlugIns/AppUITests.xctest` are tests named `AppTests` and
  /// `AppUITests`; `App.app` is `App`.
  public static func productName(_ product: String) -> (name: String, isTest: Bool) {
    let last = product.split(separator: "/").last ?? Substring(product)
    var name = last
    if let dot = last.lastIndex(of: "."),
      productExtensions.contains(last[last.index(after: dot)...])
    {
      name = last[..<dot]
    }
    let isTest =
      product.contains(".xctest") || name.hasSuffix("-Runner")
      || ProjectLayout.isTestFolder(name)
    return (name.isEmpty ? product : String(name), isTest)
  }

  /// Whether folders alone give each of `targets`' files its target (as `project.targets`
  /// does: the longest folder that holds a file): no target in the root, no two in one
  /// folder, and no file inside another target's (nested) folder.
  public static func separableByFolder(_ targets: [TargetInfo]) -> Bool {
    let folders = targets.map(\.path)
    guard !folders.contains(""), Set(folders).count == folders.count else { return false }
    let lookup = TargetLookup(
      targets.map { TargetInfo(name: $0.name, kind: $0.kind, path: $0.path, sources: []) })
    return targets.allSatisfy { target in
      target.sources.allSatisfy { lookup.target(of: $0)?.name == target.name }
    }
  }

  /// The deepest folder holding every one of `files` (relative), `""` for the root.
  static func commonFolder(_ files: [String]) -> String {
    guard var common = files.first.map({ Array($0.utf8) }) else { return "" }
    for file in files.dropFirst() {
      let shared = zip(common, file.utf8).prefix { $0 == $1 }.count
      common.removeSubrange(shared...)
    }
    // Whole folders only: up to the shared part's last slash (it may end inside a name:
    // `App/Cart.swift` and `App/Car.swift` share `App/Car`).
    guard let slash = common.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(decoding: common[..<slash], as: UTF8.self)
  }
}
