import CoverageModel

/// `badge.svg` and `badge.json`: a "coverage | 87.31%" badge of the total lines, coloured by
/// the gate (red when it failed, yellow with any warning, green otherwise), as an SVG to commit
/// or publish and as a shields.io endpoint (`https://img.shields.io/endpoint?url=...`).
public struct BadgeReport: ReportRenderer {
  public static let svgFileName = "badge.svg"
  public static let jsonFileName = "badge.json"
  static let label = "coverage"

  /// The badge colour: a shields.io named colour and its hex value.
  enum Color: String {
    case red, yellow, green

    var hex: String {
      switch self {
      case .red: "#e05d44"
      case .yellow: "#dfb317"
      case .green: "#97ca00"
      }
    }
  }

  public init() {}

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    [
      RenderedFile(path: Self.svgFileName, contents: svg(report)),
      RenderedFile(path: Self.jsonFileName, contents: json(report)),
    ]
  }

  /// The colour of the gate's outcome.
  static func color(_ gate: GateResult) -> Color {
    if !gate.passed { return .red }
    return gate.warnings.isEmpty ? .green : .yellow
  }

  /// The shields.io endpoint document.
  public func json(_ report: CoverageReport) -> String {
    let message = report.totals.lines.formattedPercent
    return
      "{\"schemaVersion\":1,\"label\":\"\(Self.label)\",\"message\":\"\(message)\","
      + "\"color\":\"\(Self.color(report.gate).rawValue)\"}\n"
  }

  /// A flat badge in the shields.io style, widths estimated from Verdana 11px.
  public func svg(_ report: CoverageReport) -> String {
    let message = report.totals.lines.formattedPercent
    let color = Self.color(report.gate).hex
    let labelWidth = Self.textWidth(Self.label) + 10
    let messageWidth = Self.textWidth(message) + 10
    let width = labelWidth + messageWidth
    let text = "\(Self.label): \(message)"
    let label = XMLEscape.text(Self.label)
    let value = XMLEscape.text(message)
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="20" role="img" aria-label="\(XMLEscape.attribute(text))">
        <title>\(XMLEscape.text(text))</title>
        <linearGradient id="s" x2="0" y2="100%">
          <stop offset="0" stop-color="#bbb" stop-opacity=".1"/>
          <stop offset="1" stop-opacity=".1"/>
        </linearGradient>
        <clipPath id="r">
          <rect width="\(width)" height="20" rx="3" fill="#fff"/>
        </clipPath>
        <g clip-path="url(#r)">
          <rect width="\(labelWidth)" height="20" fill="#555"/>
          <rect x="\(labelWidth)" width="\(messageWidth)" height="20" fill="\(color)"/>
          <rect width="\(width)" height="20" fill="url(#s)"/>
        </g>
        <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
          <text x="\(half(labelWidth))" y="15" fill="#010101" fill-opacity=".3">\(label)</text>
          <text x="\(half(labelWidth))" y="14">\(label)</text>
          <text x="\(half(messageWidth, from: labelWidth))" y="15" fill="#010101" fill-opacity=".3">\(value)</text>
          <text x="\(half(messageWidth, from: labelWidth))" y="14">\(value)</text>
        </g>
      </svg>

      """
  }

  /// The middle of a box of `width` starting at `start`, with at most one decimal.
  private func half(_ width: Int, from start: Int = 0) -> String {
    let doubled = 2 * start + width
    return doubled % 2 == 0 ? "\(doubled / 2)" : "\(doubled / 2).5"
  }

  /// An estimate of the text's width in Verdana 11px, in whole pixels.
  static func textWidth(_ text: String) -> Int {
    text.reduce(0) { width, character in
      switch character {
      case ".", ":", "i", "l", "j": width + 4
      case "f", "r", "t", "/", " ": width + 5
      case "%": width + 12
      case "m", "w": width + 11
      case "A"..."Z": width + 8
      default: width + 7
      }
    }
  }
}
