import CoverageAcquisition
import CoverageModel

extension Pipeline {
  /// Makes the compiler update profile counters atomically, in every object of the build: an
  /// increment two threads make at once is otherwise one (Swift Testing runs tests in parallel in
  /// one process; async code and thread pools run anywhere), and counts fall short of what ran.
  ///
  /// The flag alone is not enough: an object a build without it left is kept when the IR is
  /// unchanged (Swift's incremental LLVM code generation compares a hash of the IR, which
  /// `-Xllvm` options do not enter), so the old plain increments stay. Turning that off makes
  /// every file the build compiles emit new code; files it does not compile were built by an
  /// earlier run with the same arguments, covgate's own.
  public static let atomicCounters = [
    "-Xswiftc", "-Xllvm", "-Xswiftc", "-instrprof-atomic-counter-update-all",
    "-Xswiftc", "-Xfrontend", "-Xswiftc", "-disable-incremental-llvm-codegen",
  ]

  /// Why the counts may fall short of what ran, when they may: some of the binaries' counter
  /// updates are not atomic (read from their code) and the tests ran on several threads of one
  /// process (a test target imports Testing). Said once; derived branches then claim no count.
  /// The test sources (read once for the run already) are asked first: the binaries' code is
  /// read only where tests can run in parallel.
  func countsMayBeLost(binaries: [String], package: PackageInfo) -> String? {
    guard !binaries.isEmpty else { return nil }
    let sources = sources(root: package.root)
    guard
      TestFrameworkImports.testsImportTesting(
        package, text: { sources.source(ofRelativePath: $0) }),
      case .notAtomic(let plain, let atomic) = services.acquisition.counterUpdates(of: binaries)
    else { return nil }
    services.observer.notice(
      "covgate: warning: \(plain) of \(plain + atomic) profile counter updates in the test binaries are not atomic while Swift Testing runs tests in parallel: counts may be lost, so no branch count is derived; build the tests with \(Self.atomicCounters.joined(separator: " ")) (covgate run does)"
    )
    return "counts may be lost to parallel tests (counter updates not atomic)"
  }
}
