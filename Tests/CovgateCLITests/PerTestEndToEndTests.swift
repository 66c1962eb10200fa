import Foundation
import XCTest

/// Tests run one per process on the Sample package, which has XCTest and Swift Testing tests:
/// a crash loses only its own coverage, in `--per-test` runs and in plain runs alike.
final class PerTestEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var package = ""

  override class func setUp() {
    super.setUp()
    package = SampleCopy.make("per-test")
  }

  override class func tearDown() {
    SampleCopy.remove(package)
    super.tearDown()
  }

  private var package: String { Self.package }
  private var bin: String { "\(package)/.build/debug" }

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
  }

  private func covgate(_ arguments: [String], environment: [String: String] = [:]) throws
    -> CLIHarness.Result
  {
    try CLIHarness.run(
      CLIHarness.covgate, arguments + ["--no-history"], in: package, environment: environment)
  }

  private func report(_ folder: String) throws -> [String: Any] {
    try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/covgate.json"))) as? [String: Any])
  }

  private func results(_ report: [String: Any]) -> [String: String] {
    let tests = report["tests"] as? [String: Any]
    let results = tests?["results"] as? [[String: Any]] ?? []
    return Dictionary(
      uniqueKeysWithValues: results.map {
        ($0["id"] as? String ?? "", $0["status"] as? String ?? "")
      })
  }

  /// The totals equal `llvm-cov report` on the profile covgate merged.
  private func assertTotalsEqualLLVMCov(
    _ report: [String: Any], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let expected = try CLIHarness.llvmCovTotal(
      profile: "\(bin)/codecov/covgate.profdata", binary: "\(bin)/SamplePackageTests.xctest")
    let totals = try XCTUnwrap(report["totals"] as? [String: [String: Any]])
    for (metric, figures) in expected {
      XCTAssertEqual(
        totals[metric]?["count"] as? Int, figures.count, metric, file: file, line: line)
      XCTAssertEqual(
        totals[metric]?["covered"] as? Int, figures.count - figures.missed, metric, file: file,
        line: line)
    }
  }

  func testPerTestRunsEveryTestAloneAndGivesThePlainRunsFigures() throws {
    let plain = try covgate([
      "run", "--output", "\(package)/out-plain", "--format", "json", "--quiet",
    ])
    XCTAssertEqual(plain.exitCode, 0, plain.stderr)
    let perTest = try covgate([
      "run", "--per-test", "--jobs", "2", "--output", "\(package)/out-per-test", "--format", "json",
      "--quiet",
    ])
    XCTAssertEqual(perTest.exitCode, 0, perTest.stderr)
    let json = try report("\(package)/out-per-test")
    let statuses = results(json)
    // Every XCTest and Swift Testing test, each passed alone.
    XCTAssertEqual(
      Set(statuses.keys),
      [
        "PricingTests.PriceTests/testDiscount", "PricingTests.PriceTests/testFormatted",
        "PricingTests.PriceTests/testTax",
        "PricingTests.PriceTests/testFailsWhenAsked", "PricingTests.PriceTests/testHangsWhenAsked",
        "PricingTests.CrashTests/testCrashesWhenAsked",
        "PricingTests.VaryingTests/testVariesWhenAsked",
        "PricingTests.TaxSuite/californiaTaxIsSevenPercent()",
        "PricingTests.TaxSuite/formattedPricesAreNeverEmpty(cents:)",
        "PricingTests.discountOfZeroKeepsThePrice()",
      ])
    XCTAssertEqual(Set(statuses.values), ["passed"])
    // The same figures as the plain run; covgate.json adds how many tests ran each file.
    let plainFiles = try XCTUnwrap(try report("\(package)/out-plain")["files"] as? [[String: Any]])
    let perTestFiles = try XCTUnwrap(json["files"] as? [[String: Any]])
    XCTAssertEqual(
      plainFiles.map { $0["summary"] as? NSDictionary },
      perTestFiles.map { $0["summary"] as? NSDictionary })
    // Price: testDiscount, testFormatted, testTax and the three Swift Testing tests; Tax: testTax, californiaTax.
    XCTAssertEqual(perTestFiles.map { $0["tests"] as? Int }, [6, 2])
    try assertTotalsEqualLLVMCov(json)
    try assertMatchesSchema("\(package)/out-per-test/covgate.json")
    try assertTheMapAgreesWithLLVMCov(map: "\(package)/out-per-test/covgate-test-map.json")

    func covgateTestsFor(_ arguments: [String]) throws -> CLIHarness.Result {
      try CLIHarness.run(CLIHarness.covgate, ["tests-for"] + arguments, in: package)
    }
    let testsFor = try covgateTestsFor([
      "Sources/Pricing/Tax.swift:5", "--map", "out-per-test/covgate-test-map.json",
    ])
    XCTAssertEqual(testsFor.exitCode, 0, testsFor.stderr)
    XCTAssertEqual(
      testsFor.stdout,
      "PricingTests.PriceTests/testTax\nPricingTests.TaxSuite/californiaTaxIsSevenPercent()\n")
    // By line: `discounted(by:)`'s second guard ran in testDiscount alone; the discount of zero
    // returned at the first, though both tests ran the function.
    let secondGuard = try covgateTestsFor([
      "Sources/Pricing/Price.swift:12", "--map", "out-per-test/covgate-test-map.json",
    ])
    XCTAssertEqual(secondGuard.exitCode, 0, secondGuard.stderr)
    XCTAssertEqual(secondGuard.stdout, "PricingTests.PriceTests/testDiscount\n")
    let firstGuard = try covgateTestsFor([
      "Sources/Pricing/Price.swift:11", "--map", "out-per-test/covgate-test-map.json",
    ])
    XCTAssertEqual(
      firstGuard.stdout,
      "PricingTests.PriceTests/testDiscount\nPricingTests.discountOfZeroKeepsThePrice()\n")
    // The map keeps the lines no test ran, as llvm-cov counts lines: all of taxesGroceries
    // (Tax.swift:14-19); line 7, `case "NY"`, ran as far as its line's count goes (the switch was
    // reached), so a line inside a function that ran but never ran itself is unit-tested.
    let mapJSON = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: Data(
          contentsOf: URL(fileURLWithPath: "\(package)/out-per-test/covgate-test-map.json")))
        as? [String: Any])
    XCTAssertEqual(
      mapJSON["linesNeverRun"] as? [String: [[Int]]], ["Sources/Pricing/Tax.swift": [[14, 19]]])
    let never = try covgateTestsFor([
      "Sources/Pricing/Tax.swift:15", "--map", "out-per-test/covgate-test-map.json",
    ])
    XCTAssertEqual(never.exitCode, 0)
    XCTAssertEqual(never.stdout, "")
    XCTAssertTrue(
      never.stderr.contains("no test ran the function at Sources/Pricing/Tax.swift:15"),
      never.stderr)
    let between = try covgateTestsFor(["Sources/Pricing/Tax.swift:12", "--output", "out-per-test"])
    XCTAssertEqual(between.exitCode, 2)
    XCTAssertTrue(
      between.stderr.contains("line 12 of Sources/Pricing/Tax.swift is in no function"),
      between.stderr)
    let testFile = try covgateTestsFor([
      "Tests/PricingTests/PriceTests.swift:5", "--output", "out-per-test",
    ])
    XCTAssertEqual(testFile.exitCode, 2)
    XCTAssertTrue(testFile.stderr.contains("is not in the test map"), testFile.stderr)
    let noMap = try covgateTestsFor(["Sources/Pricing/Tax.swift:5", "--map", "nowhere.json"])
    XCTAssertEqual(noMap.exitCode, 2)
    XCTAssertTrue(
      noMap.stderr.contains("there is no test map; run `covgate run --per-test` first"),
      noMap.stderr)
  }

  /// Tests forked from a test server run as in fresh processes: the same results, and the same
  /// functions in the map, test for test.
  func testTestsForkedFromATestServerGiveTheMapOfFreshProcesses() throws {
    let served = try covgate([
      "run", "--per-test", "--output", "\(package)/out-served", "--format", "json", "--quiet",
    ])
    XCTAssertEqual(served.exitCode, 0, served.stderr)
    XCTAssertFalse(served.stderr.contains("note:"), served.stderr)
    let folder = "\(bin)/codecov/covgate-per-test"
    let serverLogs = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasPrefix("covgate-server-")
    }
    XCTAssertFalse(serverLogs.isEmpty, "the tests ran in test servers' children")
    let fresh = try covgate(
      [
        "run", "--per-test", "--fresh-processes", "--output", "\(package)/out-fresh", "--format",
        "json", "--quiet",
      ])
    XCTAssertEqual(fresh.exitCode, 0, fresh.stderr)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder).filter {
        $0.hasPrefix("covgate-server-")
      }, [],
      "--fresh-processes starts no server")
    func tests(_ output: String) throws -> [String: [String]] {
      let map = try XCTUnwrap(
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: URL(fileURLWithPath: "\(output)/covgate-test-map.json")))
          as? [String: Any])
      let names = try XCTUnwrap(map["functions"] as? [[String: Any]]).map {
        $0["name"] as? String ?? ""
      }
      let ids = try XCTUnwrap(map["tests"] as? [[String: Any]]).map {
        "\($0["id"] ?? "") \($0["status"] ?? "")"
      }
      let ran = try XCTUnwrap(map["ran"] as? [[Int]]).map { $0.map { names[$0] }.sorted() }
      return Dictionary(uniqueKeysWithValues: zip(ids, ran))
    }
    let servedTests = try tests("\(package)/out-served")
    XCTAssertEqual(servedTests.count, 10)
    XCTAssertEqual(servedTests, try tests("\(package)/out-fresh"))
  }

  /// For a few tests, the functions the map says they ran are those llvm-cov's own export of
  /// that test's profile gives as run, in the package's sources.
  private func assertTheMapAgreesWithLLVMCov(map path: String) throws {
    let map = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        as? [String: Any])
    let tests = try XCTUnwrap(map["tests"] as? [[String: Any]]).map { $0["id"] as? String ?? "" }
    let functions = try XCTUnwrap(map["functions"] as? [[String: Any]]).map {
      $0["name"] as? String ?? ""
    }
    let ran = try XCTUnwrap(map["ran"] as? [[Int]])
    let folder = "\(bin)/codecov/covgate-per-test"
    let profiles = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasSuffix(".profraw")
    }
    for id in [
      "PricingTests.PriceTests/testTax", "PricingTests.PriceTests/testDiscount",
      "PricingTests.TaxSuite/californiaTaxIsSevenPercent()",
    ] {
      let index = try XCTUnwrap(tests.firstIndex(of: id))
      let own = profiles.filter { $0.hasPrefix("\(index).") }.map { "\(folder)/\($0)" }
      XCTAssertFalse(own.isEmpty, id)
      let profdata = "\(package)/\(index).profdata"
      XCTAssertEqual(
        try CLIHarness.run(
          "\(CLIHarness.toolchainBin)/llvm-profdata",
          ["merge", "-sparse"] + own + ["-o", profdata]
        ).exitCode, 0)
      let export = try CLIHarness.run(
        "\(CLIHarness.toolchainBin)/llvm-cov",
        ["export", "-instr-profile=\(profdata)", "\(bin)/SamplePackageTests.xctest"])
      let data = try XCTUnwrap(
        (try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])?[
          "data"] as? [[String: Any]])
      let records = try XCTUnwrap(data.first?["functions"] as? [[String: Any]])
      let expected = Set(
        records.filter { record in
          (record["count"] as? Int ?? 0) > 0
            && ((record["filenames"] as? [String])?.first?.contains("/Sources/Pricing/") ?? false)
        }.compactMap { $0["name"] as? String })
      XCTAssertFalse(expected.isEmpty, id)
      XCTAssertEqual(Set(ran[index].map { functions[$0] }), expected, id)
    }
  }

  private func assertMatchesSchema(_ report: String) throws {
    let probe = try CLIHarness.run("/usr/bin/env", ["python3", "-c", "import jsonschema"])
    try XCTSkipIf(
      probe.exitCode != 0, "python3 with jsonschema is not installed (make test installs it)")
    let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs/covgate-report.schema.json").standardized.path
    let result = try CLIHarness.run(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))",
        report, schema,
      ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
  }

  func testACrashInAPlainRunLosesOnlyItsOwnCoverage() throws {
    let output = "\(package)/out-crash"
    let result = try covgate(
      ["run", "--output", output, "--format", "json", "--format", "markdown", "--format", "text"],
      environment: ["SAMPLE_CRASH": "1"])
    XCTAssertEqual(result.exitCode, 3, result.stderr)
    // The report alone on standard output (swift test's own went to standard error); its first
    // line says the tests crashed.
    XCTAssertTrue(result.stdout.hasPrefix("covgate: Sample: tests CRASHED, gate "), result.stdout)
    XCTAssertTrue(
      try String(contentsOfFile: "\(output)/covgate.txt", encoding: .utf8).hasPrefix(
        "covgate: Sample: tests CRASHED, gate "))
    XCTAssertTrue(
      result.stderr.contains(
        "test PricingTests.CrashTests/testCrashesWhenAsked crashed (signal 4); its coverage is missing"
      ),
      result.stderr)
    let json = try report(output)
    let tests = try XCTUnwrap(json["tests"] as? [String: Any])
    XCTAssertEqual(tests["recovered"] as? [String], ["XCTest in SamplePackageTests.xctest"])
    XCTAssertEqual(results(json)["PricingTests.CrashTests/testCrashesWhenAsked"], "crashed")
    XCTAssertEqual(results(json)["PricingTests.PriceTests/testTax"], "passed")
    // Not the 0% of a lost profile: the other tests' coverage, as llvm-cov reads it.
    let lines = try XCTUnwrap(
      (json["totals"] as? [String: [String: Any]])?["lines"]?["covered"] as? Int)
    XCTAssertGreaterThan(lines, 0)
    try assertTotalsEqualLLVMCov(json)
    let markdown = try String(contentsOfFile: "\(output)/covgate.md", encoding: .utf8)
    XCTAssertTrue(markdown.hasPrefix("### covgate: Sample: tests CRASHED, gate "), markdown)

    let quiet = try covgate(
      ["run", "--output", "\(package)/out-crash-quiet", "--quiet"],
      environment: ["SAMPLE_CRASH": "1"])
    XCTAssertEqual(quiet.exitCode, 3)
    XCTAssertTrue(quiet.stderr.contains("covgate: Sample: tests CRASHED, gate "), quiet.stderr)
  }

  func testPerTestTellsCrashedFailedAndTimedOutTestsApart() throws {
    let output = "\(package)/out-per-test-red"
    let result = try covgate(
      ["run", "--per-test", "--timeout", "5", "--output", output, "--format", "json", "--quiet"],
      environment: ["SAMPLE_CRASH": "1", "SAMPLE_FAIL": "1", "SAMPLE_HANG": "1"])
    XCTAssertEqual(result.exitCode, 3, result.stderr)
    let statuses = results(try report(output))
    XCTAssertEqual(statuses["PricingTests.CrashTests/testCrashesWhenAsked"], "crashed")
    XCTAssertEqual(statuses["PricingTests.PriceTests/testFailsWhenAsked"], "failed")
    XCTAssertEqual(statuses["PricingTests.PriceTests/testHangsWhenAsked"], "timed-out")
    XCTAssertEqual(statuses["PricingTests.PriceTests/testTax"], "passed")
    XCTAssertEqual(statuses["PricingTests.TaxSuite/californiaTaxIsSevenPercent()"], "passed")
  }

  /// `covgate affected` by mutation (a small `make verify-affected`): each mutation of a source
  /// line that makes the full suite fail must make the selected tests fail too.
  func testTheTestsAChangeNeedsCatchWhatTheFullSuiteCatches() throws {
    let git = { (arguments: [String]) throws -> CLIHarness.Result in
      try CLIHarness.run(
        "/usr/bin/env",
        ["git", "-C", self.package, "-c", "user.email=t@t", "-c", "user.name=t"] + arguments)
    }
    try ".build/\nout-*/\n".write(
      toFile: "\(package)/.gitignore", atomically: true, encoding: .utf8)
    _ = try git(["init", "-q"])
    _ = try git(["add", "-A"])
    XCTAssertEqual(try git(["commit", "-q", "-m", "base"]).exitCode, 0)
    let run = try covgate([
      "run", "--per-test", "--output", "\(package)/.build/covgate", "--format", "json", "--quiet",
    ])
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    XCTAssertEqual(
      try git(["status", "--porcelain"]).stdout, "", "the per-test run left files in the package")

    func affected(_ format: String = "filter") throws -> String {
      let result = try CLIHarness.run(
        CLIHarness.covgate, ["affected", "--base", "HEAD", "--format", format], in: package)
      XCTAssertEqual(result.exitCode, 0, result.stderr)
      return result.stdout.trimmingCharacters(in: .newlines)
    }
    func swiftTest(_ filter: String?) throws -> Int32 {
      try CLIHarness.run(
        "/usr/bin/env", ["swift", "test"] + (filter.map { ["--filter", $0] } ?? []), in: package
      ).exitCode
    }
    XCTAssertEqual(try affected(), "^$")
    // covgate init's own edits (.covgate.yml, .gitignore) select no test, and say so.
    XCTAssertEqual(try CLIHarness.run(CLIHarness.covgate, ["init"], in: package).exitCode, 0)
    let afterInit = try CLIHarness.run(
      CLIHarness.covgate, ["affected", "--base", "HEAD"], in: package)
    XCTAssertEqual(afterInit.stdout.trimmingCharacters(in: .newlines), "^$", afterInit.stderr)
    XCTAssertTrue(
      afterInit.stderr.contains("no test reads .gitignore (a tool's settings)"), afterInit.stderr)
    XCTAssertTrue(afterInit.stderr.contains(".covgate.yml (covgate's own file)"), afterInit.stderr)
    _ = try git(["checkout", "--", ".gitignore"])
    try FileManager.default.removeItem(atPath: "\(package)/.covgate.yml")
    // An edited test file selects its module, and the reason is on standard error too.
    let testFile = "\(package)/Tests/PricingTests/PriceTests.swift"
    let testSource = try String(contentsOfFile: testFile, encoding: .utf8)
    try (testSource + "// edited\n").write(toFile: testFile, atomically: true, encoding: .utf8)
    let module = try CLIHarness.run(
      CLIHarness.covgate, ["affected", "--base", "HEAD"], in: package)
    XCTAssertEqual(
      module.stdout.trimmingCharacters(in: .newlines), "^(PricingTests\\.)", module.stderr)
    XCTAssertTrue(
      module.stderr.contains("all of test module PricingTests: a test file of it changed"),
      module.stderr)
    _ = try git(["checkout", "--", "Tests/PricingTests/PriceTests.swift"])
    XCTAssertEqual(try affected(), "^$")
    let mutations: [(file: String, from: String, to: String)] = [
      ("Sources/Pricing/Tax.swift", "price.cents * 7 / 100", "price.cents * 8 / 100"),
      ("Sources/Pricing/Price.swift", "rest < 10 ? \"0\" : \"\"", "rest < 10 ? \"\" : \"\""),
      ("Sources/Pricing/Price.swift", "guard percent < 100 else", "guard percent < 10 else"),
      ("Sources/Pricing/Tax.swift", "return false", "return true"),
    ]
    var caught = 0
    // Each write gets a modification time of its own, seconds apart: a source restored within
    // the same instant as its mutation would otherwise look unchanged to the next build.
    var stamp = Date().addingTimeInterval(2)
    func write(_ text: String, to path: String) throws {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: path)
      stamp.addTimeInterval(2)
    }
    for mutation in mutations {
      let path = "\(package)/\(mutation.file)"
      let original = try String(contentsOfFile: path, encoding: .utf8)
      XCTAssertTrue(original.contains(mutation.from), mutation.from)
      try write(original.replacingOccurrences(of: mutation.from, with: mutation.to), to: path)
      defer { try? write(original, to: path) }
      let filter = try affected()
      let why = try affected("json")
      XCTAssertNotEqual(filter, ".", "a body change must not select everything: \(why)")
      if try swiftTest(nil) != 0 {
        caught += 1
        XCTAssertNotEqual(
          try swiftTest(filter), 0,
          "\(mutation.to): the full suite fails, the selected tests (\(filter)) pass")
      }
    }
    XCTAssertEqual(caught, 3, "the first three mutations are caught by the full suite")
  }

  /// Three shards, split by the durations of a whole run's map, merged: the figures of the whole
  /// run file by file, and its test map.
  func testThreeShardsMergeIntoOneWholeRun() throws {
    let whole = "\(package)/out-whole"
    XCTAssertEqual(
      try covgate(["run", "--per-test", "--output", whole, "--format", "json", "--quiet"]).exitCode,
      0)
    var exports: [String] = []
    var maps: [String] = []
    var shardTests: [String] = []
    for shard in 1...3 {
      let output = "\(package)/out-shard-\(shard)"
      try? FileManager.default.removeItem(atPath: output)
      try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
      // The last run's map sits in the output folder, as a CI cache would put it.
      try FileManager.default.copyItem(
        atPath: "\(whole)/covgate-test-map.json", toPath: "\(output)/covgate-test-map.json")
      let run = try covgate([
        "run", "--per-test", "--shard", "\(shard)/3", "--output", output, "--format", "json",
        "--quiet",
      ])
      XCTAssertLessThanOrEqual(run.exitCode, 1, run.stderr)
      let export = "\(package)/shard-\(shard).json"
      try? FileManager.default.removeItem(atPath: export)
      try FileManager.default.copyItem(atPath: "\(bin)/codecov/covgate-export.json", toPath: export)
      exports.append(export)
      maps.append("\(output)/covgate-test-map.json")
      shardTests += results(try report(output)).keys
    }
    XCTAssertEqual(
      shardTests.sorted(), results(try report(whole)).keys.sorted(),
      "every test in exactly one shard")
    let merged = try covgate(
      ["check", "--output", "\(package)/out-merged-shards", "--format", "json", "--quiet"]
        + exports.flatMap { ["--input", $0] })
    XCTAssertEqual(merged.exitCode, 0, merged.stderr)
    let summaries = { (folder: String) throws -> [NSDictionary?] in
      try XCTUnwrap(try self.report(folder)["files"] as? [[String: Any]]).map {
        $0["summary"] as? NSDictionary
      }
    }
    XCTAssertEqual(try summaries("\(package)/out-merged-shards"), try summaries(whole))
    let mergedMap = "\(package)/out-merged-shards/covgate-test-map.json"
    let merge = try CLIHarness.run(
      CLIHarness.covgate, ["merge", "--output", mergedMap] + maps, in: package)
    XCTAssertEqual(merge.exitCode, 0, merge.stderr)
    func ran(_ path: String) throws -> [String: Set<String>] {
      let map = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
          as? [String: Any])
      let functions = try XCTUnwrap(map["functions"] as? [[String: Any]]).map {
        $0["name"] as? String ?? ""
      }
      let tests = try XCTUnwrap(map["tests"] as? [[String: Any]]).map { $0["id"] as? String ?? "" }
      let ran = try XCTUnwrap(map["ran"] as? [[Int]])
      return Dictionary(uniqueKeysWithValues: zip(tests, ran.map { Set($0.map { functions[$0] }) }))
    }
    XCTAssertEqual(try ran(mergedMap), try ran("\(whole)/covgate-test-map.json"))
  }

  /// Two runs in which one test runs a function only the first time: that function's lines are
  /// listed as varying, and the figures are the two runs merged.
  func testRepeatedRunsNameTheCoverageThatVaried() throws {
    let counter = "\(package)/vary-counter"
    try? FileManager.default.removeItem(atPath: counter)
    let output = "\(package)/out-repeat"
    let result = try covgate(
      [
        "run", "--repeat", "2", "--output", output, "--format", "json", "--format", "text",
        "--format", "markdown", "--quiet",
      ],
      environment: ["SAMPLE_VARY_COUNTER": counter])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertEqual(try String(contentsOfFile: counter, encoding: .utf8), "2", "the tests ran twice")
    let json = try report(output)
    let varying = try XCTUnwrap(json["varyingCoverage"] as? [String: Any])
    XCTAssertEqual(varying["runs"] as? Int, 2)
    let files = try XCTUnwrap(varying["files"] as? [[String: Any]])
    XCTAssertEqual(files.map { $0["path"] as? String }, ["Sources/Pricing/Tax.swift"])
    let lines = try XCTUnwrap(files.first?["lines"] as? [Int])
    XCTAssertTrue(lines.contains(15) && lines.contains(18), "\(lines)")
    XCTAssertFalse(lines.contains(16), "line 16 never ran: \(lines)")
    XCTAssertFalse(lines.contains(6), "Tax.amount ran in both runs: \(lines)")
    XCTAssertEqual(
      files.first?["functions"] as? [String], ["$s7Pricing3TaxO14taxesGroceriesySbSSFZ"])
    // The figures are the runs' merged: taxesGroceries counts as run.
    let tax = try XCTUnwrap(
      (json["files"] as? [[String: Any]])?.first {
        $0["path"] as? String == "Sources/Pricing/Tax.swift"
      })
    let functions = try XCTUnwrap((tax["summary"] as? [String: [String: Any]])?["functions"])
    // amount and taxesGroceries ran; the autoclosure of `|| state == "TX"` never did.
    XCTAssertEqual(functions["covered"] as? Int, (functions["count"] as? Int).map { $0 - 1 })
    let text = try String(contentsOfFile: "\(output)/covgate.txt", encoding: .utf8)
    XCTAssertTrue(text.contains("Coverage that varied between the 2 runs"), text)
    XCTAssertTrue(text.contains("  Sources/Pricing/Tax.swift: lines "), text)
    XCTAssertTrue(
      try String(contentsOfFile: "\(output)/covgate.md", encoding: .utf8).contains(
        "varied between the 2 runs"))
    try assertMatchesSchema("\(output)/covgate.json")
  }
}
