import ArgumentParser
import CovgateKit

/// Coverage made elsewhere, for `check` and `baseline save`: llvm-cov exports, a build folder, an
/// indexed profile with its binaries, xccov's JSON, or result bundles (on a Mac).
struct CoverageInputOptions: ParsableArguments {
  @Option(
    name: .customLong("input"),
    help: ArgumentHelp("An llvm-cov export JSON file, repeatable.", valueName: "file"))
  var inputs: [String] = []

  @Option(
    name: .customLong("from-build"),
    help: ArgumentHelp(
      "A build folder whose tests already ran with coverage (e.g. .build/debug): merge its codecov/*.profraw and export its test binaries, without running swift.",
      valueName: "folder"))
  var fromBuild: String?

  @Option(
    help: ArgumentHelp(
      "An indexed profile (e.g. Xcode's DerivedData/.../Coverage.profdata) to export with the toolchain's llvm-cov, with its --object binaries.",
      valueName: "file"))
  var profdata: String?

  @Option(
    name: .customLong("object"),
    help: ArgumentHelp(
      "An instrumented binary the --profdata holds counts for (the app, a framework, a test bundle's executable), repeatable.",
      valueName: "binary"))
  var objects: [String] = []

  @Option(
    name: .customLong("xccov-report"),
    help: ArgumentHelp(
      "The JSON of `xcrun xccov view --report --json` (Xcode's coverage), repeatable: several merge line by line.",
      valueName: "file"))
  var xccovReports: [String] = []

  @Option(
    name: .customLong("xccov-archive"),
    help: ArgumentHelp(
      "The JSON of `xcrun xccov view --archive --json` for the --xccov-report in the same position: per-line counts (alone, without reports: lines only, no functions).",
      valueName: "file"))
  var xccovArchives: [String] = []

  @Option(
    name: .customLong("lcov"),
    help: ArgumentHelp(
      "An LCOV tracefile (bazel coverage's _coverage_report.dat, llvm-cov export -format=lcov), repeatable: several merge line by line; relative SF: paths are taken from the package path.",
      valueName: "file"))
  var lcovFiles: [String] = []

  @Option(
    name: .customLong("cobertura"),
    help: ArgumentHelp(
      "A Cobertura XML report (slather --cobertura-xml, xcov, gcovr --cobertura), repeatable: several merge line by line; file names are taken from its <source> folder when it exists here, else from the package path.",
      valueName: "file"))
  var coberturaFiles: [String] = []

  @Option(
    name: .customLong("xcresult"),
    help: ArgumentHelp(
      "An Xcode result bundle (.xcresult) made with -enableCodeCoverage YES, repeatable: its coverage is read with `xcrun xccov` (macOS) and several merge line by line.",
      valueName: "bundle"))
  var xcresults: [String] = []

  /// Whether any coverage input was given.
  var isEmpty: Bool {
    inputs.isEmpty && fromBuild == nil && profdata == nil && xccovReports.isEmpty
      && xccovArchives.isEmpty && xcresults.isEmpty && lcovFiles.isEmpty && coberturaFiles.isEmpty
  }

  func validate() throws {
    if !coberturaFiles.isEmpty {
      guard inputs.isEmpty, fromBuild == nil, profdata == nil, xccovReports.isEmpty,
        xccovArchives.isEmpty, xcresults.isEmpty, lcovFiles.isEmpty
      else {
        throw ValidationError(
          "--cobertura cannot be combined with other coverage inputs: a Cobertura producer counts lines its own way, so its figures and another tool's are never added up; pass Cobertura reports alone (several --cobertura merge)"
        )
      }
    }
    if !lcovFiles.isEmpty {
      guard inputs.isEmpty, fromBuild == nil, profdata == nil, xccovReports.isEmpty,
        xccovArchives.isEmpty, xcresults.isEmpty
      else {
        throw ValidationError(
          "--lcov cannot be combined with other coverage inputs: an LCOV producer counts lines its own way, so its figures and another tool's are never added up; pass LCOV files alone (several --lcov merge)"
        )
      }
    }
    if !xcresults.isEmpty {
      guard inputs.isEmpty, fromBuild == nil, profdata == nil, xccovReports.isEmpty,
        xccovArchives.isEmpty
      else {
        throw ValidationError(
          "--xcresult is read with xccov, whose figures are never added to others: pass it alone (several --xcresult merge)"
        )
      }
    }
    if !xccovReports.isEmpty || !xccovArchives.isEmpty {
      guard inputs.isEmpty, fromBuild == nil, profdata == nil else {
        throw ValidationError(
          "--xccov-report cannot be combined with llvm-cov data (--input, --from-build, --profdata): xccov counts lines its own way, so its figures and llvm-cov's are never added up; run check once for each"
        )
      }
    }
    guard (profdata == nil) == objects.isEmpty else {
      throw ValidationError(
        profdata == nil
          ? "--object needs the --profdata FILE that holds its counts"
          : "--profdata needs at least one --object BINARY (the app or test binary it has counts for)"
      )
    }
  }

  /// Where the coverage comes from, paths made absolute (`.exports([])` when nothing was given).
  var source: CoverageSource {
    if !xcresults.isEmpty { return .xcresults(xcresults.map { absolute($0).path }) }
    if !lcovFiles.isEmpty { return .lcov(lcovFiles.map { absolute($0).path }) }
    if !coberturaFiles.isEmpty { return .cobertura(coberturaFiles.map { absolute($0).path }) }
    return xccovReports.isEmpty && xccovArchives.isEmpty
      ? .llvmCovExports(
        inputs, buildFolder: fromBuild, profdata: profdata.map { absolute($0).path },
        objects: objects.map { absolute($0).path })
      : .xccov(
        reports: xccovReports.map { absolute($0).path },
        archives: xccovArchives.map { absolute($0).path })
  }
}
