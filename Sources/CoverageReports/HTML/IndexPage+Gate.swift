import CoverageModel

extension IndexPage {
  /// Links to the index's parts: the failing checks, the layers, the files, the riskiest
  /// functions and the changes, where the report has them.
  func menu(hasRisks: Bool) -> String {
    let gate = report.gate
    var links: [(String, String)] = []
    if !gate.failures.isEmpty {
      links.append(("#gate-title", "Failing checks (\(gate.failures.count))"))
    }
    links.append(("#layers-title", "Layers"))
    if !report.files.isEmpty { links.append(("#files-title", "Files")) }
    if !report.riskiestFunctions(limit: 1).isEmpty {
      links.append(("#risks-title", "Riskiest functions"))
    }
    if report.patch != nil { links.append((ChangesPage.fileName, "Changed lines")) }
    let items = links.map { "<li><a href=\"\($0.0)\">\($0.1)</a></li>" }.joined()
    return "<nav class=\"page-menu\" aria-label=\"On this page\"><ul>\(items)</ul></nav>\n"
  }

  func gateSection() -> String {
    let gate = report.gate
    let state = gate.passed ? "passed" : "failed"
    var facts: [String] = []
    if gate.verdicts.isEmpty {
      facts.append("no thresholds configured")
    } else if gate.passed {
      facts.append(count(gate.verdicts.filter { $0.status == .passed }.count, "check") + " passed")
    } else {
      facts.append(count(gate.failures.count, "failing check"))
    }
    if !gate.warnings.isEmpty { facts.append(count(gate.warnings.count, "warning")) }
    if let tests = report.tests {
      facts.append(
        tests.passed ? "tests passed" : tests.crashed.isEmpty ? "tests failed" : "tests crashed")
    }
    var html = "<section class=\"gate \(state)\" aria-labelledby=\"gate-title\">\n"
    html += "<div class=\"gate-head\"><span class=\"gate-icon\" aria-hidden=\"true\">"
    html += gate.passed ? "✓" : "✗"
    let tests =
      report.tests?.label.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() + " · " }
      ?? ""
    html +=
      "</span><div><h1 id=\"gate-title\">\(tests)\(tests.isEmpty ? "Gate" : "gate") \(state)</h1>"
    html +=
      "<p class=\"gate-facts\">\(report.packageName.htmlEscaped) · \(facts.joined(separator: " · "))</p>"
    html += "</div></div>\n"
    if let detail = report.tests?.detail {
      html +=
        "<p class=\"notice failed\">\((detail.prefix(1).uppercased() + detail.dropFirst()).htmlEscaped).</p>\n"
    }
    if let lines = report.tests?.failedTestLines, !lines.isEmpty {
      html +=
        "<details class=\"failed-tests\" open><summary>\(count(lines.count, "failed test"))</summary><ul>"
      html += lines.map { "<li><code>\($0.htmlEscaped)</code></li>" }.joined()
      html += "</ul></details>\n"
    }
    html += verdictGroups(gate.failures + gate.warnings)
    if gate.verdicts.isEmpty {
      html += "<p class=\"muted\">No thresholds configured: nothing is gated. "
      html += "Add minimums per layer in <code>.covgate.yml</code>.</p>\n"
    } else {
      html +=
        "<details class=\"all-verdicts\"><summary>All checks (\(gate.verdicts.count))</summary>\n"
      html += verdictList(gate.verdicts.sorted { $0.status.severityRank < $1.status.severityRank })
      html += "</details>\n"
    }
    return html + "</section>\n"
  }

  /// Up to this many checks on single files show unfolded; more fold under their count, below
  /// the checks on layers, targets, the total and the change.
  static let openFileVerdictLimit = 5

  /// The checks on layers, targets, the total and the change first; those on single files
  /// after them, folded under a count when there are many.
  func verdictGroups(_ verdicts: [Verdict]) -> String {
    let perFile = verdicts.filter { $0.scopeKind == .file }
    var html = verdictList(verdicts.filter { $0.scopeKind != .file })
    guard !perFile.isEmpty else { return html }
    let files = Set(perFile.map(\.scope)).count
    let open = perFile.count <= Self.openFileVerdictLimit ? " open" : ""
    html += "<details class=\"file-verdicts\"\(open)><summary>"
    let noun = perFile.allSatisfy { $0.status == .failed } ? "failing check" : "check"
    html += "\(count(perFile.count, noun)) on \(count(files, "file"))</summary>\n"
    return html + verdictList(perFile) + "</details>\n"
  }

  private func verdictList(_ verdicts: [Verdict]) -> String {
    guard !verdicts.isEmpty else { return "" }
    var html = "<ul class=\"verdicts\">\n"
    for verdict in verdicts {
      let (className, tag) = label(verdict.status)
      html += "<li class=\"\(className)\"><span class=\"tag\">\(tag)</span>"
      let message = verdict.message.htmlEscaped
      if let link = link(verdict) {
        html += "<a class=\"message\" href=\"\(link.htmlEscaped)\">\(message)</a></li>\n"
      } else {
        html += "<span class=\"message\">\(message)</span></li>\n"
      }
    }
    return html + "</ul>\n"
  }

  /// Where a verdict's scope is shown: its layer's or target's row, the total's, a file's page
  /// (at the function's line for checks on one function), the changes or the targets without data.
  func link(_ verdict: Verdict) -> String? {
    switch verdict.scopeKind {
    case .total: return "#total"
    case .layer: return "#" + Self.anchor("layer", verdict.scope)
    case .target:
      return verdict.rule == .targetWithoutData
        ? "#nodata-title" : "#" + Self.anchor("target", verdict.scope)
    case .patch: return report.patch == nil ? nil : ChangesPage.fileName
    case .file:
      guard let page = pageNames.relativePath(of: verdict.scope) else { return nil }
      return verdict.line.map { page + "#L\($0)" } ?? page
    }
  }

  /// The id of a layer's or target's row: the kind, then the name with every character but
  /// ASCII letters and digits made a `-` (ids may not hold spaces).
  static func anchor(_ kind: String, _ name: String) -> String {
    let safe = name.unicodeScalars.map { scalar in
      scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
        ? String(scalar) : "-"
    }
    return kind + "-" + safe.joined()
  }

  private func label(_ status: Verdict.Status) -> (String, String) {
    switch status {
    case .failed: ("failed", "FAIL")
    case .warning: ("warning", "WARN")
    case .notApplicable: ("na", "N/A")
    case .passed: ("passed", "PASS")
    }
  }

  func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
