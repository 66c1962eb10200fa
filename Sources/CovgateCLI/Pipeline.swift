import ArgumentParser
import CoverageGate
import CoverageModel
import CoverageReports
import Foundation
import LLVMCoverage

/// The stages after acquisition, shared by `run` and `check`: read the package and config,
/// scope, classify, evaluate, render, write.
struct Pipeline {
  let options: CommonOptions
  let terminal: Terminal
  let platform: any Platform
  /// Annotations and the job summary when running on GitHub Actions.
  var gitHub = GitHubActions()

  /// The package's targets and the config that applies to it. `swift` is located only when
  /// no `--package-description` file gives the targets.
  func prepare(root: String, swift: @autoclosure () throws -> String) throws -> (
    PackageInfo, GateConfig
  ) {
    let (path, required) = options.configPath(root: root)
    let config = try ConfigLoader.load(path: path, required: required) ?? .defaults
    let package =
      if let description = options.packageDescriptionPath {
        try PackageDescriptionFile(path: description).read(root: root)
      } else {
        try PackageDescriber(swift: try swift()).describe(root: root)
      }
    return (package, config)
  }

  /// Reads the exports (merging several) with the detail the requested formats need.
  /// - Parameter functions: read function records even if no format needs them (exclusions do).
  func load(exports paths: [String], functions: Bool = false) throws -> CoverageData {
    let formats = try options.reportFormats()
    let needsFunctions = functions || readsFunctions(exports: paths)
    let exports = try paths.map {
      ($0, try ExportReader.read(path: $0, options: .init(functions: needsFunctions)))
    }
    var data = try ExportMerger.merge(exports)
    if formats.contains(where: \.needsFunctions) {
      // The names are demangled on the other core while functions are attached to files.
      let functionNames = data.functions.map(\.name)
      let names = Background { demangledNames(functionNames) }
      FileDetails.attach(to: &data)
      let readable = try names.value()
      FileDetails.name(&data) { readable[$0] ?? $0 }
    }
    return data
  }

  /// Whether `load` reads function records without being asked: merging several exports
  /// and formats that show functions need them.
  func readsFunctions(exports paths: [String]) -> Bool {
    paths.count > 1 || ((try? options.reportFormats()) ?? []).contains(where: \.needsFunctions)
  }

  /// Readable function names from the toolchain's `swift-demangle` (cached in the package's
  /// `.build/covgate-cache`); mangled ones without it.
  private func demangledNames(_ names: [String]) -> [String: String] {
    guard let toolchain = try? platform.locateToolchain() else { return [:] }
    let folder = (toolchain.llvmCov as NSString).deletingLastPathComponent
    return Demangler(
      toolchainFolder: folder, cacheFolder: "\(options.packageRoot)/.build/covgate-cache"
    )
    .demangle(names)
  }

  /// Scopes, classifies and evaluates the data.
  func evaluate(
    _ data: CoverageData, package: PackageInfo, config: GateConfig, tests: TestOutcome?,
    markers: [String: [ExclusionMarker]] = [:]
  ) throws -> CoverageReport {
    terminal.phase(.evaluate)
    let scoper = Scoper(
      package: package, exclude: config.exclude, namedTargets: config.namedTargets)
    var scope = try scoper.scope(data, pathMaps: try options.parsedPathMaps())
    let applied = try ExclusionApplier.apply(markers, to: scope.files, functions: data.functions)
    scope.files = applied.files
    scope.excluded = (scope.excluded + applied.excludedFiles).sorted { $0.path < $1.path }
    let classified = try Classifier(config: config, package: package).classify(scope)
    var report = Evaluator(config: config).evaluate(
      package: package, files: classified.files, targetsWithoutData: classified.targetsWithoutData,
      excluded: scope.excluded, tests: tests)
    report.exclusions = applied.exclusions
    try addPatchCoverage(to: &report, config: config, scoper: scoper)
    try addBaselineVerdicts(to: &report, config: config)
    return report
  }

  /// Renders every requested format, then writes each file atomically; prints the text report
  /// and, on GitHub Actions, the annotations, and appends the job summary.
  func publish(_ report: CoverageReport, root: String) throws {
    terminal.phase(.report)
    let formats = try options.reportFormats()
    // Render everything first so that a failure leaves the previous reports untouched.
    let context = RenderContext(sources: PackageSources(root: report.packageRoot))
    let files = try formats.flatMap { try $0.renderer(context).render(report) }
    let folder = options.outputFolder(root: root)
    // An interruption (Ctrl-C) waits until every report is written: all new or all old.
    do {
      try AtomicFile.write(files.map { ("\(folder)/\($0.path)", $0.contents) })
    } catch let error as AtomicFileError {
      throw OutputError(path: error.path, reason: error.description)
    } catch {
      throw OutputError(path: folder, reason: describeError(error))
    }
    if !options.quiet {
      print(TextReport(useColor: terminal.useColor).text(report), terminator: "")
    }
    for annotation in gitHub.annotations(report) { print(annotation) }
    do {
      try gitHub.appendStepSummary(report)
    } catch {
      terminal.printError("covgate: warning: job summary not written: \(error)")
    }
    if !files.isEmpty {
      terminal.printError("covgate: reports written to \(folder)")
    }
  }
}

/// A report that could not be written.
struct OutputError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String { "cannot write \(path): \(reason); choose a writable --output folder" }
}

/// Runs `body`, turning covgate's errors into one line on stderr and exit code 2 (3 for tests
/// that timed out before writing any coverage).
func reportingErrors(_ terminal: Terminal, _ body: () throws -> Int32) throws {
  let code: Int32
  do {
    code = try body()
  } catch let error as ExitCode {
    throw error
  } catch let error as ValidationError {
    throw error
  } catch let error as TestTimeout {
    terminal.error(error.description)
    throw ExitCode(CovgateExit.testsFailed)
  } catch ToolchainError.commandFailed(let command, let status, let detail)
    where command == "swift test"
  {
    // The build or the tests failed before any coverage was written: exit 3, as documented.
    terminal.error(
      ToolchainError.commandFailed(command: command, exitCode: status, detail: detail).description)
    throw ExitCode(CovgateExit.testsFailed)
  } catch {
    terminal.error(String(describing: error))
    throw ExitCode(CovgateExit.inputError)
  }
  if code != 0 { throw ExitCode(code) }
}
