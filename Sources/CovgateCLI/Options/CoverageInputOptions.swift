import ArgumentParser
import CoverageModel
import CovgateKit

/// Coverage made elsewhere, for `check` and `baseline save`: one property per option of the
/// kit's input formats (`InputFormats`), whose names and help come from there; which kind was
/// given, and whether the kinds may be read together, is the kit's.
struct CoverageInputOptions: ParsableArguments {
  @Option(name: .customLong("input"), help: Self.described("input"))
  var inputs: [String] = []

  @Option(name: .customLong("from-build"), help: Self.described("from-build"))
  var fromBuild: String?

  @Option(name: .customLong("profdata"), help: Self.described("profdata"))
  var profdata: String?

  @Option(name: .customLong("object"), help: Self.described("object"))
  var objects: [String] = []

  @Option(name: .customLong("xccov-report"), help: Self.described("xccov-report"))
  var xccovReports: [String] = []

  @Option(name: .customLong("xccov-archive"), help: Self.described("xccov-archive"))
  var xccovArchives: [String] = []

  @Option(name: .customLong("lcov"), help: Self.described("lcov"))
  var lcovFiles: [String] = []

  @Option(name: .customLong("cobertura"), help: Self.described("cobertura"))
  var coberturaFiles: [String] = []

  @Option(name: .customLong("xcresult"), help: Self.described("xcresult"))
  var xcresults: [String] = []

  /// The values given, by option name.
  var given: InputFiles {
    InputFiles([
      "input": inputs, "from-build": fromBuild.map { [$0] } ?? [],
      "profdata": profdata.map { [$0] } ?? [], "object": objects, "xccov-report": xccovReports,
      "xccov-archive": xccovArchives, "lcov": lcovFiles, "cobertura": coberturaFiles,
      "xcresult": xcresults,
    ])
  }

  /// Whether any coverage input was given.
  var isEmpty: Bool { given.isEmpty }

  func validate() throws {
    do {
      _ = try InputFormats.source(given, absolute: { absolute($0).path })
    } catch {
      throw ValidationError("\(error)")
    }
  }

  /// Where the coverage comes from, paths made absolute (`.exports([])` when nothing was given).
  var source: CoverageSource {
    (try? InputFormats.source(given, absolute: { absolute($0).path })) ?? .exports([])
  }

  /// An option's help, from its format's declaration.
  private static func described(_ name: String) -> ArgumentHelp {
    let option = InputFormats.option(name)
    return ArgumentHelp(option.help, valueName: option.valueName)
  }
}
