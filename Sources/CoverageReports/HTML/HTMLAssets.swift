/// The files every page shares: one stylesheet, one script and the icon, all in `assets/`.
///
/// They are Swift constants, so the report needs no resource bundle and no network.
enum HTMLAssets {
  static let stylesheetPath = "assets/covgate.css"
  static let scriptPath = "assets/covgate.js"
  static let faviconPath = "assets/favicon.svg"

  /// The mark in the page header: inline SVG, coloured by the stylesheet.
  static let logo =
    "<svg class=\"logo\" viewBox=\"0 0 16 16\" aria-hidden=\"true\">"
    + "<rect class=\"logo-bg\" width=\"16\" height=\"16\" rx=\"4\"/>"
    + "<path class=\"logo-mark\" d=\"M4.5 8.5l2.5 2.5 4.5-5.5\"/></svg>"

  /// The icon browsers show in tabs: the same mark with fixed colours.
  static let favicon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">\
    <rect width="16" height="16" rx="4" fill="#2f6fde"/>\
    <path d="M4.5 8.5l2.5 2.5 4.5-5.5" fill="none" stroke="#fff" stroke-width="2" \
    stroke-linecap="round" stroke-linejoin="round"/></svg>

    """

  /// The shared files, relative to the output folder.
  static var files: [RenderedFile] {
    [
      RenderedFile(path: stylesheetPath, contents: stylesheet),
      RenderedFile(path: scriptPath, contents: script),
      RenderedFile(path: faviconPath, contents: favicon),
    ]
  }
}
