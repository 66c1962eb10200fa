import CoverageModel

extension CoverageOrigin {
  /// An LCOV tracefile's figures: its producer's count.
  public static let lcov = CoverageOrigin(
    id: "lcov", name: "LCOV",
    producer: Producer(name: "an LCOV tracefile", counting: "its producer counted them"),
    reportNoun: "tracefile")
}

extension Capabilities {
  /// An LCOV tracefile (Bazel's, llvm-cov's, geninfo's): lines and functions, names as the
  /// producer wrote them (Swift's mangled), nothing per region.
  public static let lcov = Capabilities(
    regions: false, functionRegions: false, mangledNames: true, linesCountedPerFunction: false,
    source: .lcov)
}

extension InputFormat {
  /// `--lcov FILE`, repeatable.
  public static let lcov = InputFormat(
    id: "lcov", title: "LCOV tracefile",
    producers:
      "`bazel coverage` (`_coverage_report.dat`), `llvm-cov export -format=lcov`, geninfo, coverage.py",
    options: [
      InputOption(
        name: "lcov", valueName: "file",
        help:
          "An LCOV tracefile (bazel coverage's _coverage_report.dat, llvm-cov export -format=lcov), repeatable: several merge line by line; relative SF: paths are taken from the package path."
      )
    ],
    capabilities: .lcov,
    read: { files, context in
      try LCOVCoverage.read(paths: files["lcov"], root: context.root, lineCount: context.lineCount)
    })
}
