import CoverageModel

extension CoverageOrigin {
  /// Xcode's xccov figures, counted its own way.
  public static let xccov = CoverageOrigin(
    id: "xccov", name: "xccov",
    producer: Producer(
      name: "Xcode's xccov", counting: "xccov counts them (they can differ from llvm-cov's)"),
    reportNoun: "report")
}

extension Capabilities {
  /// Xcode's xccov report: lines and functions, readable names, nothing per region.
  public static let xccov = Capabilities(
    regions: false, functionRegions: false, mangledNames: false, linesCountedPerFunction: false,
    source: .xccov, lineCountsFix: "pass the xccov archive (--xccov-archive) with its report")
}

extension InputFormat {
  /// `--xccov-report FILE` with `--xccov-archive FILE` in the same position, each repeatable.
  public static let xccov = InputFormat(
    id: "xccov", title: "xccov JSON",
    producers: "`xcrun xccov view --report --json` and `--archive --json` (Xcode)",
    options: [
      InputOption(
        name: "xccov-report", valueName: "file",
        help:
          "The JSON of `xcrun xccov view --report --json` (Xcode's coverage), repeatable: several merge line by line."
      ),
      InputOption(
        name: "xccov-archive", valueName: "file",
        help:
          "The JSON of `xcrun xccov view --archive --json` for the --xccov-report in the same position: per-line counts (alone, without reports: lines only, no functions)."
      ),
    ],
    capabilities: .xccov,
    read: { files, context in
      let reports = files["xccov-report"]
      if reports.isEmpty {
        context.notice(
          "covgate: note: xccov archives without their reports hold lines only: no functions are listed or gated; pass each archive's --xccov-report for them"
        )
      }
      return try XccovCoverage.read(reports: reports, archives: files["xccov-archive"])
    })

  /// `--xcresult BUNDLE`, repeatable: read through `xcrun xccov` (macOS), by the kit.
  public static let xcresult = InputFormat(
    id: "xcresult", title: "Xcode result bundle",
    producers: "`xcodebuild test -enableCodeCoverage YES -resultBundlePath` (read on a Mac)",
    options: [
      InputOption(
        name: "xcresult", valueName: "bundle",
        help:
          "An Xcode result bundle (.xcresult) made with -enableCodeCoverage YES, repeatable: its coverage is read with `xcrun xccov` (macOS) and several merge line by line."
      )
    ],
    capabilities: .xccov)
}
