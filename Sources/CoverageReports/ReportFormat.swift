import CoverageModel
import CovgateSupport

/// A file a renderer produced, relative to the output folder.
public struct RenderedFile: Sendable, Equatable {
  public var path: String
  private let text: Text

  private enum Text: Sendable {
    case parts([String])
    case deferred(@Sendable () -> [String])
    case deferredBytes(@Sendable () -> OwnedBytes)
  }

  /// The file's text in pieces, written one after the other: a large report is never joined
  /// into one string (that would copy it, and hold it twice). A deferred file is rendered on
  /// each reading (its writer reads it once).
  public var parts: [String] { render() }

  /// A deferred file's text, for its writer to make where it writes it.
  public var render: @Sendable () -> [String] {
    switch text {
    case .parts(let parts): { parts }
    case .deferred(let render): render
    case .deferredBytes(let render):
      { [render().withUnsafeBytes { String(decoding: $0, as: UTF8.self) }] }
    }
  }

  /// A file made as UTF-8 bytes, for its writer to write as they are; nil for one made as text.
  public var renderBytes: (@Sendable () -> OwnedBytes)? {
    guard case .deferredBytes(let render) = text else { return nil }
    return render
  }

  /// The whole text.
  public var contents: String {
    let parts = parts
    return parts.count == 1 ? parts[0] : parts.joined()
  }

  public init(path: String, contents: String) {
    self.init(path: path, parts: [contents])
  }

  public init(path: String, parts: [String]) {
    self.path = path
    self.text = .parts(parts)
  }

  /// A file whose text is made only when it is read: the pages of an HTML report are
  /// rendered by the threads that write them.
  public init(path: String, rendering render: @escaping @Sendable () -> [String]) {
    self.path = path
    self.text = .deferred(render)
  }

  /// A file made as UTF-8 bytes when it is read (an HTML report's file pages).
  public init(path: String, renderingBytes render: @escaping @Sendable () -> OwnedBytes) {
    self.path = path
    self.text = .deferredBytes(render)
  }

  /// Files are equal when their paths and texts are, however the texts are cut.
  public static func == (left: RenderedFile, right: RenderedFile) -> Bool {
    left.path == right.path && left.contents == right.contents
  }
}

/// Source text of the package's files, for formats that show source.
public protocol SourceProviding: Sendable {
  /// The text of a package-relative file, or `nil` when it cannot be read from the package.
  func source(ofRelativePath path: String) -> String?
}

/// What renderers may use besides the evaluated model.
public struct RenderContext: Sendable {
  public var sources: any SourceProviding
  /// The title and revision the HTML and Markdown reports show.
  public var heading: ReportHeading

  public init(sources: any SourceProviding, heading: ReportHeading = ReportHeading()) {
    self.sources = sources
    self.heading = heading
  }
}

/// Renders the evaluated model in one format. Renderers never recompute figures.
public protocol ReportRenderer: Sendable {
  func render(_ report: CoverageReport) throws -> [RenderedFile]
}

/// The report formats; the only switch over formats in covgate.
public enum ReportFormat: String, CaseIterable, Sendable {
  case text, json, lcov
  case cobertura, sonarqube, junit, markdown, badge
  case html

  /// Whether the format shows functions or never-run regions, so function records must be read.
  public var needsFunctions: Bool {
    switch self {
    case .text, .json: false
    case .sonarqube, .junit, .markdown, .badge: false
    case .cobertura: true
    case .lcov: true
    case .html: true
    }
  }

  /// Whether the format shows lines (hit counts per line), so line views must be kept.
  public var needsLineViews: Bool {
    switch self {
    case .text, .json, .junit, .markdown, .badge: false
    case .lcov, .cobertura, .sonarqube, .html: true
    }
  }

  /// The renderer of this format.
  public func renderer(_ context: RenderContext) -> any ReportRenderer {
    switch self {
    case .text: TextReport(useColor: false)
    case .json: JSONReport()
    case .lcov: LCOVReport()
    case .html: HTMLReport(sources: context.sources, heading: context.heading)
    case .cobertura: CoberturaReport()
    case .sonarqube: SonarQubeReport()
    case .junit: JUnitReport()
    case .markdown: MarkdownReport(heading: context.heading)
    case .badge: BadgeReport()
    }
  }
}
