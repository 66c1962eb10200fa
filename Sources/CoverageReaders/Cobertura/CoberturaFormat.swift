import CoverageModel

extension CoverageOrigin {
  /// A Cobertura report's figures: its producer's count.
  public static let cobertura = CoverageOrigin(
    id: "cobertura", name: "Cobertura",
    producer: Producer(name: "a Cobertura report", counting: "its producer counted them"),
    reportNoun: "report")
}

extension Capabilities {
  /// A Cobertura XML report (slather's, xcov's, gcovr's): lines only; its methods are not read.
  public static let cobertura = Capabilities(
    regions: false, functionRegions: false, mangledNames: false, linesCountedPerFunction: false,
    functions: false, source: .cobertura)
}

extension InputFormat {
  /// `--cobertura FILE`, repeatable.
  public static let cobertura = InputFormat(
    id: "cobertura", title: "Cobertura XML",
    producers: "slather `--cobertura-xml`, xcov, gcovr `--cobertura`, coverage.py `xml`",
    options: [
      InputOption(
        name: "cobertura", valueName: "file",
        help:
          "A Cobertura XML report (slather --cobertura-xml, xcov, gcovr --cobertura), repeatable: several merge line by line; file names are taken from its <source> folder when it exists here, else from the package path."
      )
    ],
    capabilities: .cobertura,
    read: { files, context in
      try CoberturaCoverage.read(
        paths: files["cobertura"], root: context.root, lineCount: context.lineCount)
    })
}
