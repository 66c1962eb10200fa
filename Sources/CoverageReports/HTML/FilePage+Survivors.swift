import CoverageModel

extension FilePage {
  /// After a line with surviving mutants: `N survived`, opened, each one's mutation, the tests
  /// that ran it, and a link to it on mutate's page.
  static func appendSurvivorBadge(
    _ survivors: [MutationFindings.Survivor], page: String?, to html: inout HTMLBytes
  ) {
    html.append("<details class=\"br-list\"><summary class=\"br survived\" title=\"")
    html.appendDecimal(UInt64(survivors.count))
    html.append(survivors.count == 1 ? " mutant" : " mutants")
    html.append(
      " survived the tests that ran this line\"><span class=\"sr-only\">mutants survived: </span>")
    html.appendDecimal(UInt64(survivors.count))
    html.append(" survived</summary><ul>")
    for survivor in survivors {
      html.append("<li>")
      HTMLEscaping.append(escaping: survivor.kind.utf8, to: &html)
      html.append(" at ")
      html.appendDecimal(UInt64(max(0, survivor.column)))
      html.append(": <code>")
      HTMLEscaping.append(escaping: survivor.original.utf8, to: &html)
      html.append("</code> ")
      if survivor.mutated.isEmpty {
        html.append("removed")
      } else {
        html.append("→ <code>")
        HTMLEscaping.append(escaping: survivor.mutated.utf8, to: &html)
        html.append("</code>")
      }
      html.append(survivor.tests.isEmpty ? "; no test named" : "; ran by ")
      HTMLEscaping.append(escaping: survivor.tests.joined(separator: ", ").utf8, to: &html)
      if let page {
        html.append(" · <a href=\"../")
        HTMLEscaping.append(escaping: page.utf8, to: &html)
        html.append("#m")
        html.appendDecimal(UInt64(max(0, survivor.id)))
        html.append("\">on the mutation report</a>")
      }
      html.append("</li>")
    }
    html.append("</ul></details>")
  }
}
