import ArgumentParser
import CovgateKit

/// `covgate run --xcode`: the tests of an Xcode project through `xcodebuild test` (macOS).
struct XcodeOptions: ParsableArguments {
  @Flag(
    help:
      "Run the tests with `xcodebuild test -enableCodeCoverage YES` into a result bundle instead of `swift test`, then read its coverage with xccov (macOS; see docs/xcode.md)."
  )
  var xcode = false

  @Option(help: ArgumentHelp("With --xcode: the scheme to test.", valueName: "name"))
  var scheme: String?

  @Option(help: ArgumentHelp("With --xcode: the workspace (.xcworkspace).", valueName: "path"))
  var workspace: String?

  @Option(help: ArgumentHelp("With --xcode: the project (.xcodeproj).", valueName: "path"))
  var project: String?

  @Option(
    help: ArgumentHelp(
      "With --xcode: where the tests run, e.g. 'platform=iOS Simulator,name=iPhone 16'.",
      valueName: "specifier"))
  var destination: String?

  @Option(
    name: .customLong("test-plan"),
    help: ArgumentHelp("With --xcode: the test plan.", valueName: "name"))
  var testPlan: String?

  func validate() throws {
    let given = [scheme, workspace, project, destination, testPlan].contains { $0 != nil }
    if given, !xcode {
      throw ValidationError(
        "--scheme, --workspace, --project, --destination and --test-plan need --xcode")
    }
    if xcode, scheme == nil { throw ValidationError("--xcode needs --scheme NAME") }
    if workspace != nil, project != nil {
      throw ValidationError("--workspace and --project exclude each other: name one")
    }
  }

  /// The `xcodebuild test` run asked for, relative paths resolved against the current folder;
  /// nil without `--xcode`.
  func source(root: String) -> CoverageSource? {
    guard xcode, let scheme else { return nil }
    return .xcodebuild(
      scheme: scheme, workspace: workspace.map { absolute($0).path },
      project: project.map { absolute($0).path }, destination: destination, testPlan: testPlan,
      root: root)
  }
}
