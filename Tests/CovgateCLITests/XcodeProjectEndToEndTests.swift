import Foundation
import XCTest

/// covgate on an iOS-shaped project without Package.swift (Fixtures/XcodeApp), from the files an
/// Xcode job hands over: xccov report and archive JSON per run (unit, UI) and an llvm-cov export
/// of Xcode's profile. The files were recorded from a real run of the same code
/// (`ci/record-xcode-fixture.sh`), so the expected figures are the real tools' own: xccov's
/// per-file counts in the reports, `llvm-cov report` for the export.
final class XcodeProjectEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var project = ""

  override class func setUp() {
    super.setUp()
    let source = Bundle.module.url(forResource: "Fixtures/XcodeApp", withExtension: nil)!.path
    project = NSTemporaryDirectory() + "covgate-xcode-\(UUID().uuidString)/shop"
    try! FileManager.default.createDirectory(
      atPath: (project as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try! FileManager.default.copyItem(atPath: source, toPath: project)
  }

  override class func tearDown() {
    try? FileManager.default.removeItem(atPath: (project as NSString).deletingLastPathComponent)
    super.tearDown()
  }

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    try? FileManager.default.removeItem(atPath: "\(project)/.covgate.yml")
  }

  private var project: String { Self.project }

  private func recorded(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/XcodeRecorded/\(name)", withExtension: nil)!.path
  }

  private func covgate(_ arguments: [String]) throws -> CLIHarness.Result {
    try CLIHarness.run(CLIHarness.covgate, arguments + ["--no-history"], in: project)
  }

  private func pair(_ run: String) -> [String] {
    [
      "--xccov-report", recorded("\(run).xccov-report.json"), "--xccov-archive",
      recorded("\(run).xccov-archive.json"),
    ]
  }

  private func output(_ name: String) -> String { "\(project)/../\(name)" }

  private func json(_ folder: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/covgate.json"))
    return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// Per kept file: its lines as (covered, count).
  private func fileLines(_ report: [String: Any]) throws -> [String: [Int]] {
    let files = try XCTUnwrap(report["files"] as? [[String: Any]])
    var result: [String: [Int]] = [:]
    for file in files {
      let lines = try XCTUnwrap((file["summary"] as? [String: Any])?["lines"] as? [String: Any])
      result[try XCTUnwrap(file["path"] as? String)] = [
        lines["covered"] as! Int, lines["count"] as! Int,
      ]
    }
    return result
  }

  /// xccov's own per-file counts of the app's sources, from a recorded report.
  private func xccovLines(_ run: String) throws -> [String: [Int]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: recorded("\(run).xccov-report.json")))
    let report = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    var result: [String: [Int]] = [:]
    for target in report["targets"] as! [[String: Any]] {
      for file in target["files"] as! [[String: Any]] {
        let path = file["path"] as! String
        guard let range = path.range(of: "/shop/shop/App/") else { continue }
        result["App/" + path[range.upperBound...]] = [
          file["coveredLines"] as! Int, file["executableLines"] as! Int,
        ]
      }
    }
    return result
  }

  func testAnXccovPairGivesEachAppFileXccovsOwnLinesAndNoRegionFigure() throws {
    let folder = output("out-unit")
    let result = try covgate(
      ["check"] + pair("unit") + ["--output", folder, "--format", "json", "--format", "text"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let report = try json(folder)
    XCTAssertEqual(report["source"] as? String, "xccov")
    XCTAssertEqual(report["package"] as? String, "Shop", "named after the Xcode project")
    let expected = try xccovLines("unit")
    XCTAssertEqual(expected.count, 7, "the recording has the app's seven files")
    XCTAssertEqual(try fileLines(report), expected)
    let totals = try XCTUnwrap(report["totals"] as? [String: [String: Any]])
    for metric in ["regions", "instantiations", "branches"] {
      XCTAssertEqual(totals[metric]?["count"] as? Int, 0, metric)
      XCTAssertTrue(totals[metric]?["percent"] is NSNull, "\(metric) is n/a, never 0% or 100%")
    }
    XCTAssertFalse(result.stdout.contains("Regions"), "no region column: \(result.stdout)")
    XCTAssertTrue(result.stdout.contains("Figures from Xcode's xccov"), result.stdout)
    let reasons = Dictionary(
      (report["excludedFiles"] as! [[String: String]]).map { ($0["path"]!, $0["reason"]!) },
      uniquingKeysWith: { a, _ in a })
    XCTAssertEqual(reasons["AppTests/CartTests.swift"], "test sources (AppTests)")
    let money = try XCTUnwrap(reasons.first { $0.key.hasSuffix("/Money/Money.swift") })
    XCTAssertEqual(
      money.value, "outside the project: a Swift package Xcode checked out (SourcePackages)")
    let generated = try XCTUnwrap(
      reasons.first { $0.key.hasSuffix("/GeneratedAssetSymbols.swift") })
    XCTAssertEqual(generated.value, "outside the project: generated source (DerivedSources)")
  }

  /// An archive alone (no report) gives the same lines per file as the report of its run, and
  /// says once that it holds no functions; a rule on functions is then a config error.
  func testAnArchiveAloneGivesTheReportsLinesAndNoFunctions() throws {
    let folder = output("out-archive")
    let result = try covgate([
      "check", "--xccov-archive", recorded("unit.xccov-archive.json"), "--xccov-archive",
      recorded("ui.xccov-archive.json"), "--output", folder, "--format", "json",
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertEqual(try fileLines(try json(folder)), try xccovLines("all"))
    let totals = try XCTUnwrap(try json(folder)["totals"] as? [String: [String: Any]])
    XCTAssertEqual(totals["functions"]?["count"] as? Int, 0)
    let notes = result.stderr.split(separator: "\n").filter { $0.contains("hold lines only") }
    XCTAssertEqual(notes.count, 1, result.stderr)

    try "layers:\n  logic:\n    default: true\n    functions: 50\n".write(
      toFile: "\(project)/.covgate.yml", atomically: true, encoding: .utf8)
    let gated = try covgate([
      "check", "--xccov-archive", recorded("unit.xccov-archive.json"), "--output",
      output("out-archive-functions"),
    ])
    XCTAssertEqual(gated.exitCode, 2, gated.stdout)
    XCTAssertTrue(
      gated.stderr.contains(
        "layer 'logic' gates functions, which xccov data does not hold (it has lines only)"),
      gated.stderr)
  }

  /// A report whose xccov failed for one target (its `errors`, in the shape real reports
  /// carry): a warning in every report, a failure with `coverage_errors: fail`.
  func testXccovsErrorsAreAWarningInEveryReportOrFailTheGate() throws {
    let source = try String(contentsOfFile: recorded("unit.xccov-report.json"), encoding: .utf8)
    let failure =
      "Failed to generate coverage for target 'ShopWidgets.appex' at paths (/x/ShopWidgets): Malformed coverage data"
    let withError =
      "{\"errors\": [{\"localizedDescription\": \"\(failure)\"}], "
      + source.drop(while: { $0 != "{" }).dropFirst()
    let report = output("errors-report.json")
    try withError.write(toFile: report, atomically: true, encoding: .utf8)
    let folder = output("out-errors")
    let warned = try covgate([
      "check", "--xccov-report", report, "--xccov-archive", recorded("unit.xccov-archive.json"),
      "--output", folder, "--format", "json", "--format", "markdown", "--format", "html",
      "--format", "text",
    ])
    XCTAssertEqual(warned.exitCode, 0, warned.stderr)
    let message = "xccov reported an error, so the figures may lack what it covers: \(failure)"
    XCTAssertTrue(warned.stdout.contains("WARN \(message)"), warned.stdout)
    let verdicts = try XCTUnwrap(
      (try json(folder)["gate"] as? [String: Any])?["verdicts"] as? [[String: Any]])
    let verdict = try XCTUnwrap(verdicts.first { $0["rule"] as? String == "producerError" })
    XCTAssertEqual(verdict["status"] as? String, "warning")
    XCTAssertEqual(verdict["message"] as? String, message)
    for file in ["covgate.md", "index.html"] {
      let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
      XCTAssertTrue(text.contains("Failed to generate coverage for target"), file)
    }
    // xccov's data has no regions: no Regions card or column of n/a, on the index or a file page.
    let index = try String(contentsOfFile: "\(folder)/index.html", encoding: .utf8)
    XCTAssertFalse(index.contains(">Regions<"), "a Regions card or column on xccov data")
    let page = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: "\(folder)/files").first {
        $0.hasSuffix(".html")
      })
    let filePage = try String(contentsOfFile: "\(folder)/files/\(page)", encoding: .utf8)
    XCTAssertTrue(filePage.contains(">Lines<"), page)
    XCTAssertFalse(filePage.contains(">Regions<"), page)

    try "coverage_errors: fail\n".write(
      toFile: "\(project)/.covgate.yml", atomically: true, encoding: .utf8)
    let failed = try covgate([
      "check", "--xccov-report", report, "--xccov-archive", recorded("unit.xccov-archive.json"),
      "--output", output("out-errors-fail"),
    ])
    XCTAssertEqual(failed.exitCode, 1, failed.stdout)
    XCTAssertTrue(failed.stdout.contains("FAIL \(message)"), failed.stdout)
  }

  func testTheUnitAndUIPairsMergeLineByLineIntoWhatOneRunOfBothGives() throws {
    let folder = output("out-merged")
    let result = try covgate(
      ["check"] + pair("unit") + pair("ui") + ["--output", folder, "--format", "json"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let merged = try fileLines(try json(folder))
    // `all`: xccov's counts of one profile holding both runs, made by llvm-profdata.
    XCTAssertEqual(merged, try xccovLines("all"))
    XCTAssertNotEqual(merged, try xccovLines("unit"), "the UI run adds coverage to the views")
    let layers = try XCTUnwrap(try json(folder)["layers"] as? [[String: Any]])
    XCTAssertEqual(
      layers.map { $0["name"] as? String }, ["logic", "ui-glue"], "the app's built-in layers")
  }

  func testAnLLVMExportOfXcodesDataEqualsLLVMCovReportOnTheKeptFiles() throws {
    let folder = output("out-llvm")
    let result = try covgate([
      "check", "--input", recorded("llvm-export.json"), "--output", folder, "--format", "json",
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let report = try json(folder)
    XCTAssertEqual(report["source"] as? String, "llvm-cov")
    let text = try String(contentsOfFile: recorded("llvm-cov-report.txt"), encoding: .utf8)
    let rows = text.split(separator: "\n").filter {
      $0.hasSuffix(".swift") || $0.hasPrefix("TOTAL") || $0.contains(".swift ")
    }
    let files = try XCTUnwrap(report["files"] as? [[String: Any]])
    XCTAssertEqual(files.count, 7)
    for row in rows where !row.hasPrefix("TOTAL") {
      let fields = row.split(separator: " ").map(String.init)
      let file = try XCTUnwrap(
        files.first { ($0["path"] as! String) == "App/" + fields[0] }, fields[0])
      let summary = file["summary"] as! [String: [String: Any]]
      XCTAssertEqual(summary["regions"]?["count"] as? Int, Int(fields[1]), fields[0])
      XCTAssertEqual(
        summary["regions"]?["covered"] as? Int, Int(fields[1])! - Int(fields[2])!, fields[0])
      XCTAssertEqual(summary["functions"]?["count"] as? Int, Int(fields[4]), fields[0])
      XCTAssertEqual(summary["lines"]?["count"] as? Int, Int(fields[7]), fields[0])
      XCTAssertEqual(
        summary["lines"]?["covered"] as? Int, Int(fields[7])! - Int(fields[8])!, fields[0])
    }
    let total = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("TOTAL") }).split(
      separator: " ")
    let totals = try XCTUnwrap(report["totals"] as? [String: [String: Any]])
    XCTAssertEqual(totals["lines"]?["count"] as? Int, Int(total[7]))
    XCTAssertEqual(totals["lines"]?["covered"] as? Int, Int(total[7])! - Int(total[8])!)
    XCTAssertEqual(totals["regions"]?["count"] as? Int, Int(total[1]))
  }

  func testBrokenXccovInputIsOneLineExitTwoAndWritesNothing() throws {
    let broken = output("truncated-report.json")
    let whole = try Data(contentsOf: URL(fileURLWithPath: recorded("unit.xccov-report.json")))
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: broken))
    let folder = output("out-broken")
    let result = try covgate(["check", "--xccov-report", broken, "--output", folder])
    XCTAssertEqual(result.exitCode, 2)
    XCTAssertEqual(
      result.stderr.split(separator: "\n").filter { $0.hasPrefix("covgate: error") }.count, 1,
      result.stderr)
    XCTAssertTrue(result.stderr.contains("is truncated"), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "nothing written")

    let mixed = try covgate(["check", "--input", recorded("llvm-export.json")] + pair("unit"))
    XCTAssertEqual(mixed.exitCode, 64, "llvm-cov and xccov figures are never added up")
    XCTAssertTrue(mixed.stderr.contains("never added up"), mixed.stderr)
  }

  /// Every format on merged xccov data, read by its consumer: the JSON schema, genhtml, the
  /// Cobertura DTD, SonarQube's schema (project-relative paths), and Chromium for the site.
  func testEveryFormatOnXcodeDataIsReadByItsConsumer() throws {
    let folder = output("out-all")
    let result = try covgate(
      ["check"] + pair("unit") + pair("ui") + ["--output", folder, "--format", "all"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let fixtures = repository.appendingPathComponent("Tests/CoverageReportsTests/Fixtures").path
    let checks: [(tool: String, arguments: [String])] = [
      (
        "python3",
        [
          "python3", "-c",
          "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))",
          "\(folder)/covgate.json",
          repository.appendingPathComponent("docs/covgate-report.schema.json").path,
        ]
      ),
      (
        "genhtml",
        ["genhtml", "--output-directory", "\(folder)/genhtml", "\(folder)/coverage.lcov"]
      ),
      (
        "xmllint",
        [
          "xmllint", "--noout", "--dtdvalid", "\(fixtures)/coverage-04.dtd",
          "\(folder)/cobertura.xml",
        ]
      ),
      (
        "xmllint",
        [
          "xmllint", "--noout", "--schema", "\(fixtures)/sonar-generic-coverage.xsd",
          "\(folder)/sonarqube.xml",
        ]
      ),
    ]
    for check in checks {
      let found = try CLIHarness.run("/usr/bin/env", ["sh", "-c", "command -v \(check.tool)"])
      guard found.exitCode == 0 else {
        throw XCTSkip("\(check.tool) is not installed (make test installs it)")
      }
      let run = try CLIHarness.run("/usr/bin/env", check.arguments, in: project)
      XCTAssertEqual(run.exitCode, 0, "\(check.arguments.prefix(3)): \(run.stdout)\(run.stderr)")
      XCTAssertFalse(
        (run.stdout + run.stderr).localizedCaseInsensitiveContains("warning"),
        run.stdout + run.stderr)
    }
    let genhtml = try String(contentsOfFile: "\(folder)/genhtml/index.html", encoding: .utf8)
    let lines = try XCTUnwrap(try json(folder)["totals"] as? [String: [String: Any]])["lines"]
    XCTAssertTrue(
      genhtml.contains(">\(lines?["covered"] as! Int)</td>")
        && genhtml.contains(">\(lines?["count"] as! Int)</td>"),
      "genhtml counts the same lines")
    let sonar = try String(contentsOfFile: "\(folder)/sonarqube.xml", encoding: .utf8)
    XCTAssertTrue(sonar.contains("<file path=\"App/Models/Cart.swift\">"), sonar)
    XCTAssertFalse(sonar.contains("/Users/runner"), "project-relative paths only")

    // The source view says which run ran a line: the view only in the UI run, the cart in both.
    let pages = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/files")
    let viewPage = try String(
      contentsOfFile:
        "\(folder)/files/\(try XCTUnwrap(pages.first { $0.contains("CartView.swift") }))",
      encoding: .utf8)
    XCTAssertTrue(viewPage.contains("<td title=\"ran in ui\">"), "CartView ran in the UI run only")
    XCTAssertFalse(viewPage.contains("ran in unit"), "the unit tests never show the view")
    let cartPage = try String(
      contentsOfFile:
        "\(folder)/files/\(try XCTUnwrap(pages.first { $0.contains("Cart.swift") && !$0.contains("View") }))",
      encoding: .utf8)
    XCTAssertTrue(cartPage.contains("<td title=\"ran in unit, ui\">"), "both runs add to the cart")

    let chromium = ["chromium", "chromium-browser"].first {
      (try? CLIHarness.run("/usr/bin/env", ["sh", "-c", "command -v \($0)"]).exitCode) == 0
    }
    guard let chromium else { throw XCTSkip("chromium is not installed (make test installs it)") }
    let page = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: "\(folder)/files").first {
        $0.contains("CartView")
      })
    for url in ["\(folder)/index.html", "\(folder)/files/\(page)"] {
      let run = try CLIHarness.run(
        "/usr/bin/env",
        [
          chromium, "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage",
          "--user-data-dir=\(folder)/../chromium-profile", "--enable-logging=stderr", "--v=0",
          "--dump-dom", "file://\(url)",
        ])
      XCTAssertEqual(run.exitCode, 0, run.stderr)
      XCTAssertTrue(run.stdout.contains("data-ready=\"1\""), "the script set the page up: \(url)")
      XCTAssertTrue(run.stdout.contains("Figures from Xcode"), "the footer names xccov")
      let problems = run.stderr.split(separator: "\n").filter {
        $0.contains(":CONSOLE") || $0.contains("Uncaught") || $0.contains("Content Security Policy")
      }
      XCTAssertEqual(problems, [], url)
    }
  }

  /// Patch coverage, the baseline ratchet and the history on xccov data, in a git repository
  /// holding the project: the changed line of the view ran in the UI run only.
  func testPatchBaselineAndHistoryWorkOnXccovData() throws {
    let repository = output("repo")
    try? FileManager.default.removeItem(atPath: repository)
    try FileManager.default.copyItem(atPath: project, toPath: repository)
    func git(_ arguments: [String]) throws {
      let result = try CLIHarness.run(
        "/usr/bin/env",
        ["git", "-c", "user.name=covgate", "-c", "user.email=covgate@example.com"] + arguments,
        in: repository)
      XCTAssertEqual(result.exitCode, 0, result.stderr)
    }
    try git(["init", "-q"])
    try git(["add", "-A"])
    try git(["commit", "-qm", "base"])
    // Line 11 of CartView.swift (`if model.cart.isEmpty ...`) gets a comment: changed, same code.
    let view = "\(repository)/App/Views/CartView.swift"
    var lines = try String(contentsOfFile: view, encoding: .utf8).components(separatedBy: "\n")
    lines[10] += " // the empty state"
    try lines.joined(separator: "\n").write(toFile: view, atomically: true, encoding: .utf8)
    try git(["commit", "-qam", "change"])
    func check(_ extra: [String], _ folder: String) throws -> CLIHarness.Result {
      try CLIHarness.run(
        CLIHarness.covgate,
        [
          "check", "--path-map", "/Users/runner/work/shop/shop=\(repository)", "--output",
          output(folder),
          "--format", "json",
        ] + extra, in: repository)
    }
    let unitOnly = try check(pair("unit") + ["--base", "HEAD~1", "--no-history"], "out-patch-unit")
    XCTAssertEqual(unitOnly.exitCode, 0, unitOnly.stderr)
    let both = try check(
      pair("unit") + pair("ui") + ["--base", "HEAD~1", "--no-history"], "out-patch-both")
    XCTAssertEqual(both.exitCode, 0, both.stderr)
    func patchLines(_ folder: String) throws -> [Int] {
      let patch = try XCTUnwrap(try json(output(folder))["patch"] as? [String: Any])
      let lines = try XCTUnwrap(patch["lines"] as? [String: Any])
      return [lines["covered"] as! Int, lines["count"] as! Int]
    }
    XCTAssertEqual(try patchLines("out-patch-unit"), [0, 1], "the unit tests never show the view")
    XCTAssertEqual(try patchLines("out-patch-both"), [1, 1], "the UI run did")

    // The baseline of the merged runs: the same runs pass it; the unit run alone, without the UI
    // run's share of the logic, fails it.
    let saved = try CLIHarness.run(
      CLIHarness.covgate,
      ["baseline", "save", "--path-map", "/Users/runner/work/shop/shop=\(repository)"]
        + pair("unit")
        + pair("ui"), in: repository)
    XCTAssertEqual(saved.exitCode, 0, saved.stderr)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: "\(repository)/.covgate-baseline.json"), saved.stderr)
    let ratchet = try check(pair("unit") + pair("ui"), "out-ratchet")
    XCTAssertEqual(ratchet.exitCode, 0, ratchet.stderr)
    let unitAlone = try check(pair("unit") + ["--no-history"], "out-ratchet-unit")
    XCTAssertEqual(unitAlone.exitCode, 1, unitAlone.stdout + unitAlone.stderr)
    XCTAssertTrue(
      unitAlone.stdout.contains(
        "FAIL logic: lines 65.00% (39/60) dropped 15.00 points below the baseline 80.00%"),
      unitAlone.stdout)
    // The history holds the recorded run with its lines total as covgate.json gives it.
    let history = try CLIHarness.run(
      CLIHarness.covgate, ["history", "--limit", "1"], in: repository)
    XCTAssertEqual(history.exitCode, 0, history.stderr)
    let recorded = try XCTUnwrap(
      (try json(output("out-ratchet"))["totals"] as? [String: [String: Any]])?["lines"]?["percent"]
        as? Double)
    XCTAssertTrue(
      history.stdout.contains(String(format: "PASSED  %.2f%%", recorded)),
      "\(recorded): \(history.stdout)")
  }

  func testInitWritesAnAppConfigThatCheckAccepts() throws {
    let result = try CLIHarness.run(CLIHarness.covgate, ["init"], in: project)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    defer { try? FileManager.default.removeItem(atPath: "\(project)/.gitignore") }
    let text = try String(contentsOfFile: "\(project)/.covgate.yml", encoding: .utf8)
    XCTAssertTrue(text.contains("\"**/Views/**\""), text)
    XCTAssertTrue(text.contains("\"App\": \"App\""), "the targets, by folder: \(text)")
    let folder = output("out-init")
    let check = try covgate(["check"] + pair("unit") + ["--output", folder, "--format", "json"])
    XCTAssertEqual(check.exitCode, 0, check.stderr)
    let layers = try XCTUnwrap(try json(folder)["layers"] as? [[String: Any]])
    let glue = try XCTUnwrap(layers.first { $0["name"] as? String == "ui-glue" })
    XCTAssertEqual(
      (glue["targets"] as? [[String: Any]])?.first?["files"] as? Int, 2,
      "CartView and ProductRowView")
  }

  /// The unit run's report with the app's target renamed `Shop.app` and its views and view
  /// models moved into a `ShopUI.framework` of the same folder (`App`): targets that folders
  /// cannot tell apart.
  private func splitReport() throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: recorded("unit.xccov-report.json")))
    var report = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    var targets = try XCTUnwrap(report["targets"] as? [[String: Any]])
    let app = try XCTUnwrap(targets.firstIndex { $0["name"] as? String == "App.app" })
    let files = try XCTUnwrap(targets[app]["files"] as? [[String: Any]])
    func isView(_ file: [String: Any]) -> Bool {
      let path = file["path"] as! String
      return path.contains("/Views/") || path.contains("/ViewModels/")
    }
    var views = targets[app]
    views["name"] = "ShopUI.framework"
    views["files"] = files.filter(isView)
    targets[app]["name"] = "Shop.app"
    targets[app]["files"] = files.filter { !isView($0) }
    targets.append(views)
    report["targets"] = targets
    let path = output("split.xccov-report.json")
    try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The report's targets are the project's: named after their products, each with the files
  /// the report lists for it (two in one folder told apart), a layer may name them, and
  /// `init --xccov-report` writes them; xccov's figures per file unchanged.
  func testTheReportsOwnTargetsAreTheProjectsTargets() throws {
    let split = try splitReport()
    let archive = ["--xccov-archive", recorded("unit.xccov-archive.json")]
    let folder = output("out-targets")
    let result = try covgate(
      ["check", "--xccov-report", split] + archive + ["--output", folder, "--format", "json"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let report = try json(folder)
    XCTAssertEqual(try fileLines(report), try xccovLines("unit"), "xccov's own figures per file")
    var targetOfFile: [String: String] = [:]
    for file in try XCTUnwrap(report["files"] as? [[String: Any]]) {
      targetOfFile[file["path"] as! String] = file["target"] as? String
    }
    XCTAssertEqual(targetOfFile["App/Views/CartView.swift"], "ShopUI")
    XCTAssertEqual(targetOfFile["App/ViewModels/CartViewModel.swift"], "ShopUI")
    XCTAssertEqual(targetOfFile["App/Models/Cart.swift"], "Shop")
    XCTAssertEqual(Set(targetOfFile.values), ["Shop", "ShopUI"])

    // A layer naming the report's target: checked once the report is read.
    try "layers:\n  logic:\n    targets: [Shop]\n    lines: { minimum: 90 }\n".write(
      toFile: "\(project)/.covgate.yml", atomically: true, encoding: .utf8)
    let named = try covgate(
      ["check", "--xccov-report", split] + archive + ["--output", folder, "--format", "json"])
    XCTAssertEqual(named.exitCode, 1, "Shop's lines are below 90%: \(named.stderr)")
    let logic = try XCTUnwrap(
      (try json(folder)["layers"] as? [[String: Any]])?.first { $0["name"] as? String == "logic" })
    XCTAssertEqual((logic["targets"] as? [[String: Any]])?.map { $0["name"] as? String }, ["Shop"])
    try "layers:\n  logic:\n    targets: [App]\n".write(
      toFile: "\(project)/.covgate.yml", atomically: true, encoding: .utf8)
    let unknown = try covgate(["check", "--xccov-report", split, "--output", output("out-none")])
    XCTAssertEqual(unknown.exitCode, 2, unknown.stderr)
    XCTAssertTrue(unknown.stderr.contains("App"), unknown.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: output("out-none")))

    // init: the targets of a report whose folders tell them apart, as project.targets; of the
    // split one (two targets in App), listed in a comment and taken from each report.
    try FileManager.default.removeItem(atPath: "\(project)/.covgate.yml")
    defer { try? FileManager.default.removeItem(atPath: "\(project)/.gitignore") }
    let initial = try CLIHarness.run(
      CLIHarness.covgate, ["init", "--xccov-report", recorded("all.xccov-report.json")],
      in: project)
    XCTAssertEqual(initial.exitCode, 0, initial.stderr)
    let text = try String(contentsOfFile: "\(project)/.covgate.yml", encoding: .utf8)
    XCTAssertTrue(text.contains("    \"App\": \"App\"\n    \"AppTests\": \"AppTests\""), text)
    let again = try CLIHarness.run(
      CLIHarness.covgate, ["init", "--force", "--xccov-report", split], in: project)
    XCTAssertEqual(again.exitCode, 0, again.stderr)
    let listed = try String(contentsOfFile: "\(project)/.covgate.yml", encoding: .utf8)
    XCTAssertFalse(listed.contains("project:"), listed)
    XCTAssertTrue(listed.contains("#   ShopUI: App, 3 files"), listed)
    let checked = try covgate(
      ["check", "--xccov-report", split] + archive + ["--output", folder, "--format", "json"])
    XCTAssertEqual(checked.exitCode, 0, checked.stderr)
  }
}
