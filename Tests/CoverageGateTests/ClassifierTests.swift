import CoverageModel
import Foundation
import XCTest

@testable import CoverageGate

final class ClassifierTests: XCTestCase {
  private func classify(
    _ config: GateConfig, package: PackageInfo = TestPackage.package,
    data: CoverageData = TestPackage.data
  ) throws -> (files: [ScopedFile], targetsWithoutData: [TargetWithoutData]) {
    let scope = try Scoper(package: package, exclude: config.exclude).scope(data, pathMaps: [])
    return try Classifier(config: config, package: package).classify(scope)
  }

  private func layers(_ files: [ScopedFile]) -> [String: String] {
    Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.layer) })
  }

  func testDefaultsPutUIAndExecutablesIntoUIGlue() throws {
    let result = try classify(.defaults)
    XCTAssertEqual(
      layers(result.files),
      [
        "Sources/App/main.swift": "ui-glue", "Sources/Core/A.swift": "logic",
        "Sources/Core/B.swift": "logic",
        "Sources/Core/Gen/Model.swift": "logic", "Sources/Core/Nested/N.swift": "logic",
        "Sources/CoreUI/View.swift": "ui-glue",
      ])
    XCTAssertEqual(result.targetsWithoutData.map(\.layer), ["logic"])
  }

  func testBuiltInLayersThatMatchNothingAreFine() throws {
    let package = PackageInfo(name: "Lib", root: TestPackage.root, targets: [TestPackage.core])
    let data = CoverageData(
      files: [TestPackage.file("Sources/Core/A.swift")], capabilities: .llvmCov)
    let result = try classify(.defaults, package: package, data: data)
    XCTAssertEqual(result.files.map(\.layer), ["logic"])
  }

  func testPathsPutSingleFilesIntoALayer() throws {
    let config = GateConfig(
      layers: [
        LayerConfig(name: "logic", isDefault: true),
        LayerConfig(name: "generated", gated: false, paths: [Glob("Sources/**/Gen/*.swift")]),
      ], source: ".covgate.yml")
    let layers = layers(try classify(config).files)
    XCTAssertEqual(layers["Sources/Core/Gen/Model.swift"], "generated")
    XCTAssertEqual(layers["Sources/Core/A.swift"], "logic")
  }

  func testTargetsAndKindsSelectLayers() throws {
    let config = GateConfig(
      layers: [
        LayerConfig(name: "core", targets: [Glob("Core"), Glob("Nested")]),
        LayerConfig(name: "tools", kinds: [.executable]),
        LayerConfig(name: "rest", isDefault: true),
      ], source: ".covgate.yml")
    let result = try classify(config)
    let layers = layers(result.files)
    XCTAssertEqual(layers["Sources/Core/A.swift"], "core")
    XCTAssertEqual(layers["Sources/Core/Nested/N.swift"], "core")
    XCTAssertEqual(layers["Sources/App/main.swift"], "tools")
    XCTAssertEqual(layers["Sources/CoreUI/View.swift"], "rest")
    XCTAssertEqual(result.targetsWithoutData.map(\.layer), ["rest"])
  }

  func testUnmatchedTargetsAreUnassignedWithoutADefaultLayer() throws {
    let config = GateConfig(
      layers: [LayerConfig(name: "core", targets: [Glob("Core")])], source: ".covgate.yml")
    let result = try classify(config)
    let layers = layers(result.files)
    XCTAssertEqual(layers["Sources/Core/A.swift"], "core")
    XCTAssertEqual(layers["Sources/App/main.swift"], Classifier.unassigned)
    XCTAssertEqual(layers["Sources/CoreUI/View.swift"], "unassigned")
    XCTAssertEqual(result.targetsWithoutData.map(\.layer), ["unassigned"])
  }

  func testOverlappingLayersAreAnErrorNamingBoth() throws {
    let config = GateConfig(
      layers: [
        LayerConfig(name: "core", targets: [Glob("Core")]),
        LayerConfig(name: "generated", paths: [Glob("Sources/Core/Gen/**")]),
      ], source: "pkg/.covgate.yml")
    XCTAssertThrowsError(try classify(config)) { error in
      let message = (error as? ClassifyError)?.message ?? ""
      XCTAssertTrue(message.hasPrefix("pkg/.covgate.yml: "), message)
      XCTAssertTrue(message.contains("Sources/Core/Gen/Model.swift"), message)
      XCTAssertTrue(message.contains("'core' and 'generated'"), message)
      XCTAssertEqual(String(describing: error), message)
    }
  }

  func testOverlapOfTargetWithoutDataNamesTheTarget() throws {
    let config = GateConfig(
      layers: [
        LayerConfig(name: "c", targets: [Glob("C*")]),
        LayerConfig(name: "shims", targets: [Glob("*Shim")]),
      ])
    let scope = ScopeResult(files: [], excluded: [], targetsWithoutData: [TestPackage.cShim])
    XCTAssertThrowsError(
      try Classifier(config: config, package: TestPackage.package).classify(scope)
    ) { error in
      let message = (error as? ClassifyError)?.message ?? ""
      XCTAssertTrue(
        message.hasPrefix("the config: target CShim is in both layers 'c' and 'shims'"), message)
    }
  }

  func testPathsLayerMatchesThroughTargetSources() throws {
    let config = GateConfig(
      layers: [
        LayerConfig(name: "logic", isDefault: true),
        LayerConfig(name: "generated", paths: [Glob("Sources/**/Gen/*.swift")]),
      ], source: "my.yml")
    // No file of the data is in the layer, but a source of a measured target is.
    let data = CoverageData(
      files: [TestPackage.file("Sources/Core/A.swift")], capabilities: .llvmCov)
    XCTAssertEqual(try classify(config, data: data).files.map(\.layer), ["logic"])
  }

  /// A config file without `layers:` keeps the built-in layers; they must not become errors.
  func testConfigFileWithoutLayersKeepsLenientBuiltInLayers() throws {
    let config = try ConfigLoader.parse("exclude: [Sources/**/Gen/*.swift]\n", file: ".covgate.yml")
    XCTAssertEqual(config.layers, GateConfig.defaults.layers)
    let package = PackageInfo(name: "Lib", root: TestPackage.root, targets: [TestPackage.core])
    let data = CoverageData(
      files: [TestPackage.file("Sources/Core/A.swift")], capabilities: .llvmCov)
    XCTAssertEqual(try classify(config, package: package, data: data).files.map(\.layer), ["logic"])
  }

  func testTargetsWithoutDataAreDescribed() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let shim = root.appendingPathComponent("Sources/CShim")
    let app = root.appendingPathComponent("Sources/App")
    try FileManager.default.createDirectory(at: shim, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data("int a;\nint b;\nint c;\n".utf8).write(to: shim.appendingPathComponent("shim.c"))
    try Data("print(1)\nprint(2)".utf8).write(to: app.appendingPathComponent("main.swift"))

    var package = TestPackage.package
    package.root = root.path
    let data = CoverageData(
      files: [TestPackage.file(root.path + "/Sources/Core/A.swift")], capabilities: .llvmCov)
    let missing = try classify(.defaults, package: package, data: data).targetsWithoutData
    XCTAssertEqual(missing.map(\.name), ["CoreUI", "Nested", "App", "CShim"])

    let cShim = try XCTUnwrap(missing.first { $0.name == "CShim" })
    XCTAssertEqual(
      cShim,
      TargetWithoutData(
        name: "CShim", layer: "logic", path: "Sources/CShim", sourceFiles: 1, sourceLines: 3,
        reason: "C-family target: SwiftPM does not instrument it"))
    let appTarget = try XCTUnwrap(missing.first { $0.name == "App" })
    XCTAssertEqual(appTarget.layer, "ui-glue")
    XCTAssertEqual(appTarget.sourceLines, 2)
    XCTAssertEqual(appTarget.reason, "no test links it, or its code is compiled out")
    // Unreadable sources count as 0 lines.
    XCTAssertEqual(missing.first { $0.name == "Nested" }?.sourceLines, 0)
  }

  func testLayerOfATargetAlone() throws {
    let classifier = Classifier(config: .defaults, package: TestPackage.package)
    XCTAssertEqual(try classifier.layer(target: TestPackage.coreUI, file: nil), "ui-glue")
    XCTAssertEqual(try classifier.layer(target: TestPackage.core, file: nil), "logic")
    XCTAssertEqual(
      try classifier.layer(target: TestPackage.app, file: "Sources/App/main.swift"), "ui-glue")
  }
}
