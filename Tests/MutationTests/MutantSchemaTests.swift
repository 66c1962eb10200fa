import CoverageModel
import Foundation
import XCTest

@testable import Mutation

/// Mutant schemata compiled and run by the toolchain's swiftc: with `COVGATE_MUTANT` naming a
/// mutant, the one build behaves exactly as the source with that one change written in; with
/// none it behaves as the original; and every line keeps its number.
final class MutantSchemaTests: XCTestCase {
  static let program = """
    var events: [String] = []
    func record(_ text: String) { events.append(text) }

    func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int {
      if value < low { return low }
      return value > high ? high : value
    }

    func admits(age: Int, banned: Bool) -> Bool {
      age >= 18 && !banned
    }

    func total(_ prices: [Int]) -> Int {
      var sum = 0
      for price in prices {
        sum += price * 2 // doubled
      }
      record("total")
      print("ignored")
      return sum - 1
    }

    let verbose = false
    print(clamp(5, 0, 3), clamp(-1, 0, 3), clamp(3, 0, 3), clamp(0, 0, 3))
    print(admits(age: 18, banned: false), admits(age: 17, banned: false), admits(age: 30, banned: true))
    print(total([1, 2, 3]), events, verbose)

    """

  func testFindsEachOperatorOnTheLinesAskedFor() {
    let found = MutantFinder.sites(in: Self.program, file: "main.swift", inScope: { _ in true })
    let kinds = Dictionary(grouping: found.sites, by: \.kind).mapValues(\.count)
    XCTAssertEqual(kinds[.relationalBoundary], 3)
    XCTAssertEqual(kinds[.negatedComparison], 3)
    XCTAssertEqual(kinds[.logicalConnector], 1)
    XCTAssertEqual(kinds[.removedNegation], 1)
    XCTAssertEqual(kinds[.booleanLiteral], 4)
    XCTAssertEqual(kinds[.swappedTernary], 1)
    // `+=`, `*`, `-`
    XCTAssertEqual(kinds[.arithmetic], 3)
    // `record("total")` and the `append` in `record`; `print` is skipped as logging.
    XCTAssertEqual(kinds[.removedCall], 2)
    XCTAssertEqual(
      found.skipped,
      [
        SkippedMutationSite(
          file: "main.swift", line: 19, reason: "a call to print, named as logging or a check")
      ])
    let comment = found.sites.first { $0.kind == .arithmetic && $0.line == 16 }
    XCTAssertEqual(comment?.original, "sum += price * 2")
    XCTAssertEqual(comment?.mutated, "sum -= price * 2")

    let lineFive = MutantFinder.sites(in: Self.program, file: "main.swift", inScope: { $0 == 5 })
    XCTAssertEqual(lineFive.sites.map(\.mutated), ["value <= low", "value >= low"])
  }

  func testEachMutantBehavesAsTheChangeWrittenIn() throws {
    let sites = MutantFinder.sites(in: Self.program, file: "main.swift", inScope: { _ in true })
      .sites
    let mutants = sites.enumerated().map { (site: $1, id: $0 + 1) }
    let schema = MutantSchema.apply(mutants, to: Self.program, file: "main.swift")
    let schemaLines = schema.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in Self.program.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().enumerated()
    {
      // A line is the same, or the same with switches in it: no line moves.
      XCTAssertTrue(
        schemaLines[index] == line || schemaLines[index].contains("__covgateMutant_"),
        "line \(index + 1): \(schemaLines[index])")
    }
    let folder = NSTemporaryDirectory() + "covgate-schema-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let built = try compile(schema, name: "schema", in: folder)
    let original = try run(try compile(Self.program, name: "original", in: folder))
    XCTAssertEqual(try run(built), original)
    var equivalent: [String] = []
    for (site, id) in mutants {
      let direct = Self.writtenIn(site, Self.program)
      let expected = try run(try compile(direct, name: "mutant\(id)", in: folder))
      XCTAssertEqual(try run(built, mutant: id), expected, "\(site.kind) \(site.mutated)")
      if expected == original { equivalent.append(site.mutated) }
    }
    // Where `value` equals the bound, returning the bound is returning `value`, and a 17-year-old
    // is refused banned or not: these three are equivalent here; every other mutant changes
    // what the program prints.
    XCTAssertEqual(equivalent, ["value <= low", "value >= high", "true"])
  }

  /// `source` with the site's code replaced by its mutation, as a person would write it.
  static func writtenIn(_ site: MutationSite, _ source: String) -> String {
    var bytes = Array(source.utf8)
    bytes.replaceSubrange(site.start..<site.end, with: Array(site.mutated.utf8))
    return String(decoding: bytes, as: UTF8.self)
  }

  private func compile(_ source: String, name: String, in folder: String) throws -> String {
    let path = "\(folder)/\(name)/main.swift"
    try FileManager.default.createDirectory(
      atPath: "\(folder)/\(name)", withIntermediateDirectories: true)
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    let output = "\(folder)/\(name)/program"
    let result = try Self.launch(Self.swiftc, [path, "-o", output], environment: [:])
    XCTAssertEqual(result.status, 0, result.output)
    return output
  }

  private func run(_ program: String, mutant: Int? = nil) throws -> String {
    let result = try Self.launch(
      program, [], environment: mutant.map { [MutantSchema.environmentVariable: "\($0)"] } ?? [:])
    return result.output
  }

  static func launch(_ executable: String, _ arguments: [String], environment: [String: String])
    throws -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The swiftc on the PATH (the toolchain's).
  static var swiftc: String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/swiftc" }
      .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/swiftc"
  }
}
