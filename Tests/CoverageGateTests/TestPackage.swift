import CoverageModel

/// A package with one target of every kind the scope and the layers care about.
enum TestPackage {
  static let root = "/work/pkg"

  static let core = TargetInfo(
    name: "Core", kind: .library, path: "Sources/Core",
    sources: ["Sources/Core/A.swift", "Sources/Core/B.swift", "Sources/Core/Gen/Model.swift"],
    products: ["Core"], dependencies: ["CShim"])
  static let coreUI = TargetInfo(
    name: "CoreUI", kind: .library, path: "Sources/CoreUI", sources: ["Sources/CoreUI/View.swift"],
    products: ["Core"], dependencies: ["Core"])
  /// A target whose folder sits inside Core's: the longer folder owns its files.
  static let nested = TargetInfo(
    name: "Nested", kind: .library, path: "Sources/Core/Nested",
    sources: ["Sources/Core/Nested/N.swift"], products: ["Core"])
  static let app = TargetInfo(
    name: "App", kind: .executable, path: "Sources/App", sources: ["Sources/App/main.swift"],
    products: ["app"], dependencies: ["Core", "CoreUI"])
  static let cShim = TargetInfo(
    name: "CShim", kind: .library, path: "Sources/CShim", sources: ["Sources/CShim/shim.c"],
    isClang: true, products: ["Core"])
  /// In no product, used only by tests.
  static let support = TargetInfo(
    name: "TestSupport", kind: .library, path: "Sources/TestSupport",
    sources: ["Sources/TestSupport/Mock.swift"], dependencies: ["Core"], importsTestFramework: true)
  static let tests = TargetInfo(
    name: "CoreTests", kind: .test, path: "Tests/CoreTests",
    sources: ["Tests/CoreTests/ATests.swift"],
    dependencies: ["Core", "TestSupport"])
  static let plugin = TargetInfo(
    name: "GenPlugin", kind: .plugin, path: "Plugins/GenPlugin",
    sources: ["Plugins/GenPlugin/plugin.swift"])

  static let package = PackageInfo(
    name: "Pkg", root: root, targets: [core, coreUI, nested, app, cShim, support, tests, plugin])

  static func target(_ name: String) -> TargetInfo {
    package.targets.first { $0.name == name }!
  }

  /// A file's coverage with `covered` of `count` lines (and matching regions).
  static func file(_ path: String, _ covered: Int = 1, _ count: Int = 2) -> FileCoverage {
    FileCoverage(
      path: path.hasPrefix("/") ? path : root + "/" + path,
      summary: Summary(
        lines: Metric(covered: covered, count: count),
        regions: Metric(covered: covered, count: count)))
  }

  /// Every file an export of the package would hold, own sources and not.
  static let data = CoverageData(
    files: [
      file("Sources/Core/A.swift", 8, 10),
      file("Sources/Core/B.swift", 3, 10),
      file("Sources/Core/Gen/Model.swift", 0, 4),
      file("Sources/Core/Nested/N.swift", 2, 2),
      file("Sources/CoreUI/View.swift", 1, 5),
      file("Sources/App/main.swift", 0, 3),
      file("Sources/TestSupport/Mock.swift", 5, 5),
      file("Tests/CoreTests/ATests.swift", 50, 50),
      file("Plugins/GenPlugin/plugin.swift", 1, 1),
      file("Scripts/tool.swift", 1, 1),
      file(".build/checkouts/Yams/Sources/Yams/Node.swift", 10, 20),
      file(".build/x86_64-unknown-linux-gnu/debug/PkgPackageTests.derived/runner.swift", 20, 100),
      file("/opt/swift/usr/lib/swift/Foundation.swift", 1, 9),
    ], capabilities: .llvmCov)
}
