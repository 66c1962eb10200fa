import CoverageModel
import XCTest

@testable import CoverageGate

/// The config file's layers against the package's targets, before anything is built.
final class LayerCheckTests: XCTestCase {
  private func check(_ yaml: String) throws {
    try ConfigLoader.parse(yaml, file: "my.yml").check(against: TestPackage.package)
  }

  private func message(_ yaml: String) -> String {
    do {
      try check(yaml)
      return "no error"
    } catch {
      return String(describing: error)
    }
  }

  func testAMisspelledTargetIsAnErrorAtItsEntryWithASuggestion() {
    let yaml = """
      layers:
        logic:
          default: true
        views:
          targets: [CoreUI, Coer]
      """
    XCTAssertEqual(
      message(yaml),
      "my.yml:5:23: layer 'views': target 'Coer' is not a target of the package (did you mean 'Core'?); the measured targets are Core, CoreUI, Nested, App, CShim"
    )
  }

  func testATestTargetNamedInALayerIsNotMeasured() {
    let yaml = "layers:\n  logic:\n    default: true\n  t:\n    targets:\n      - CoreTests\n"
    XCTAssertTrue(
      message(yaml).hasPrefix(
        "my.yml:6:9: layer 't': target 'CoreTests' is not a measured target"), message(yaml))
  }

  func testALayerWhoseGlobsMatchNothingIsAnErrorAtTheLayer() {
    let yaml = "layers:\n  logic:\n    default: true\n  views:\n    targets: [\"*Views\"]\n"
    let text = message(yaml)
    XCTAssertTrue(
      text.hasPrefix("my.yml:4:3: layer 'views' matches no measured target or file"), text)
    XCTAssertTrue(text.contains("Core, CoreUI, Nested, App, CShim"), text)
    XCTAssertFalse(text.contains("TestSupport"), text)
  }

  func testGlobsThatMatchSomeTargetAndPathsThatMatchASourcePass() throws {
    try check(
      """
      layers:
        logic:
          default: true
        glue:
          targets: ["*UI", "*Views"]
        generated:
          paths: ["Sources/**/Gen/*.swift"]
        apps:
          kinds: [executable]
      """)
  }

  func testTheBuiltInDefaultsAreNotChecked() throws {
    // The defaults' `ui-glue` layer (`*UI`, `*App`..., executables) matches nothing here; that
    // is an error only for layers a config file wrote.
    let core = PackageInfo(name: "Pkg", root: TestPackage.root, targets: [TestPackage.core])
    try GateConfig.defaults.check(against: core)
    var written = GateConfig.defaults
    written.layersFromFile = true
    XCTAssertThrowsError(try written.check(against: core)) {
      XCTAssertTrue("\($0)".contains("layer 'ui-glue' matches no measured target or file"), "\($0)")
    }
  }

  func testTestSupportNamesALibraryTargetOrIsAnErrorAtItsEntry() throws {
    let config = try ConfigLoader.parse("test_support: [TestSupport, Core]\n", file: "my.yml")
    XCTAssertEqual(config.testSupportNames, ["TestSupport", "Core"])
    XCTAssertNoThrow(try config.check(against: TestPackage.package))
    XCTAssertEqual(
      message("test_support:\n  - Core\n  - TestSuport\n"),
      "my.yml:3:5: test_support: 'TestSuport' is not a library target of the package (did you mean 'TestSupport'?); "
        + "the library targets are Core, CoreUI, Nested, CShim, TestSupport")
    XCTAssertTrue(
      message("test_support: [CoreTests]\n").contains("'CoreTests' is not a library target"))
  }

  func testATargetTheConfigCallsTestSupportIsNotAMeasuredTargetForTheLayers() {
    let yaml =
      "test_support: [CoreUI]\nlayers:\n  logic:\n    default: true\n  views:\n    targets: [\"*UI\"]\n"
    XCTAssertTrue(message(yaml).contains("layer 'views' matches no measured target"), message(yaml))
  }
}
