import CoverageModel

/// The HTML report: a static folder that works from `file://` and on any static host.
///
/// `index.html` holds the gate result and the figures per layer, target and file; each file has
/// its own page in `files/` with its functions and source; `assets/` holds the one stylesheet
/// and the one script. Links are relative, nothing loads from elsewhere, no page has inline
/// script or style (each carries a strict Content-Security-Policy), every string from the data
/// or the repository is escaped, and the same report gives the same bytes.
public struct HTMLReport: ReportRenderer {
  /// The entry page, in the output folder.
  public static let indexFileName = "index.html"

  /// Where the file pages read source text.
  public let sources: any SourceProviding
  /// The title and revision every page shows.
  public let heading: ReportHeading

  public init(sources: any SourceProviding, heading: ReportHeading = ReportHeading()) {
    self.sources = sources
    self.heading = heading
  }

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    let names = FilePageNames(paths: report.files.map(\.path))
    let gated = Set(report.layers.filter(\.gated).map(\.name))
    let exclusions = Dictionary(grouping: report.exclusions, by: \.path)
    let changed = Dictionary(
      (report.patch?.files ?? []).map { ($0.path, Set($0.changedLines)) },
      uniquingKeysWith: { $0.union($1) })
    var written = Set<String>()
    let pages = report.files.compactMap { file in
      names.relativePath(of: file.path).flatMap { written.insert($0).inserted ? (file, $0) : nil }
    }
    let tests = report.testMap.map(Self.testsByFunction)
    let failedAlone = report.filesFailedAlone
    let survivors = Dictionary(grouping: report.mutation?.survivors ?? [], by: \.file)
    // Pages are independent: each is rendered when it is written, by the threads writing
    // them on every core (the index, the largest, first).
    let (heading, sources) = (heading, sources)
    let index = RenderedFile(path: Self.indexFileName) {
      IndexPage(report: report, pageNames: names, heading: heading).parts()
    }
    let rendered =
      [index]
      + pages.map { file, path in
        RenderedFile(
          path: path,
          renderingBytes: {
            FilePage(
              file: file, packageName: report.packageName, heading: heading,
              gated: gated.contains(file.layer),
              rules: HTMLPage.rules(of: report.layers.first { $0.name == file.layer }),
              failedAlone: failedAlone.contains(file.path),
              source: sources.source(ofRelativePath: file.path),
              exclusions: exclusions[file.path] ?? [], changedLines: changed[file.path] ?? [],
              testsByFunction: tests.map { $0[file.path] ?? [:] },
              capabilities: report.capabilities,
              runNames: report.runNames,
              survivors: survivors[file.path] ?? [],
              mutationPage: report.mutation?.page
            ).htmlBytes()
          })
      }
    let changes = report.patch.map { patch in
      RenderedFile(
        path: ChangesPage.fileName,
        contents: ChangesPage(
          report: report, patch: patch, pageNames: names, sources: sources, heading: heading
        ).html())
    }
    return [rendered[0]] + (changes.map { [$0] } ?? []) + rendered.dropFirst() + HTMLAssets.files
  }

  /// Per file, per function name, the IDs of the tests that ran it.
  static func testsByFunction(_ map: TestMap) -> [String: [String: [String]]] {
    var result: [String: [String: [String]]] = [:]
    for (index, tests) in map.testsByFunction().enumerated() where !tests.isEmpty {
      let function = map.functions[index]
      result[function.file, default: [:]][function.name, default: []] += tests.map {
        map.tests[$0].id
      }
    }
    return result
  }
}
