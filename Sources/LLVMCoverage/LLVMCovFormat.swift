import CoverageModel

extension InputFormat {
  /// llvm-cov's own data, three ways in (merged per function): exports, a build folder whose
  /// tests ran, an indexed profile with its binaries. Acquired by the kit (the latter two
  /// through the toolchain), so it declares no reader of its own.
  public static let llvmCov = InputFormat(
    id: "llvm-cov", title: "llvm-cov export JSON, build folder or profile",
    producers:
      "`llvm-cov export`, `swift test --enable-code-coverage` (`.build/debug`), Xcode's `Coverage.profdata`",
    options: [
      InputOption(
        name: "input", valueName: "file", help: "An llvm-cov export JSON file, repeatable."),
      InputOption(
        name: "from-build", valueName: "folder",
        help:
          "A build folder whose tests already ran with coverage (e.g. .build/debug): merge its codecov/*.profraw and export its test binaries, without running swift.",
        repeatable: false),
      InputOption(
        name: "profdata", valueName: "file",
        help:
          "An indexed profile (e.g. Xcode's DerivedData/.../Coverage.profdata) to export with the toolchain's llvm-cov, with its --object binaries.",
        repeatable: false),
      InputOption(
        name: "object", valueName: "binary",
        help:
          "An instrumented binary the --profdata holds counts for (the app, a framework, a test bundle's executable), repeatable."
      ),
    ],
    capabilities: .llvmCov,
    check: { files in
      switch (files["profdata"].isEmpty, files["object"].isEmpty) {
      case (true, false): "--object needs the --profdata FILE that holds its counts"
      case (false, true):
        "--profdata needs at least one --object BINARY (the app or test binary it has counts for)"
      default: nil
      }
    })
}
