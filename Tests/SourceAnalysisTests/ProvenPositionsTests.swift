import CoverageModel
import Foundation
import LLVMCoverage
import SwiftParser
import SwiftSyntax
import XCTest

@testable import SourceAnalysis

/// Each proven position is proven: every step of `ProvenPositions` lies on the way up from a
/// decision of the Branches fixture whose counts are derived and equal the hand-written ones.
final class ProvenPositionsTests: XCTestCase {
  /// Per source line of the fixture: the steps of each decision derived there.
  private func derivedSteps() throws -> [String: Set<Int>] {
    var proving: [String: Set<Int>] = [:]
    for fixture in [FixtureExpectations.branches, FixtureExpectations.contexts] {
      try derivedSteps(of: fixture, into: &proving)
    }
    return proving
  }

  private func derivedSteps(
    of fixture: FixtureExpectations.Fixture, into proving: inout [String: Set<Int>]
  ) throws {
    let export = try ExportReader.read(
      path: FixtureExpectations.url("\(fixture.name).export.json").path,
      options: ExportReader.Options(functions: true, lineViews: false))
    for name in fixture.sourceNames {
      let source = try String(
        contentsOf: FixtureExpectations.sourceURL(name, of: fixture), encoding: .utf8)
      let derived = BranchDeriver.derive(
        source: Array(source.utf8), records: FixtureExpectations.records(in: export, source: name))
      let expected = FixtureExpectations.expected(in: source)
      let paths = DecisionPaths.find(in: source)
      for decision in derived.decisions {
        // Only decisions whose counts the fixture's comments confirm prove anything.
        let written = FixtureExpectations.written(DerivedBranches(decisions: [decision]))
        guard let line = written[decision.location.line],
          expected[decision.location.line]?.contains(line[0]) == true,
          let path = paths[decision.location]
        else { continue }
        proving["\(name):\(decision.location.line)", default: []].formUnion(path)
      }
    }
  }

  func testEveryStepIsProvenByADerivedFixtureDecision() throws {
    let proving = try derivedSteps()
    let proven = proving.values.reduce(into: Set<Int>()) { $0.formUnion($1) }
    let unproven = ProvenPositions.steps.indices.filter { !proven.contains($0) }
    XCTAssertEqual(
      unproven.map { ProvenPositions.steps[$0].name }, [],
      "steps no fixture decision passes through")
  }

  func testPositionsOutsideTheListAreNotDerivable() {
    let source = """
      struct S {
        static let limit = Bool.random() ? 1 : 2
        func f(_ x: Int = Bool.random() ? 1 : 2) -> Int { x }
      }
      let top = Bool.random() ? 1 : 2

      """
    let decisions = BranchDeriver.decisions(in: Array(source.utf8)).candidates
    XCTAssertEqual(
      decisions.map(\.position),
      [
        "position not proven (a stored property's initializer)",
        "position not proven (a default argument)",
        "position not proven (top-level code)",
      ])
  }

  /// A decision with no region in a position no fixture proves is listed, not dropped; one in
  /// a proven position without regions is code that was not compiled (`#if`).
  func testNoRegionInAnUnprovenPositionIsListed() {
    let source =
      "struct S {\n  static let limit = Bool.random() ? 1 : 2\n  func g(a: Bool) -> Int {\n    if a { return 1 }\n    return 0\n  }\n}\n"
    let body = Region(
      lineStart: 3, columnStart: 26, lineEnd: 6, columnEnd: 4, count: 2, fileID: 0,
      expandedFileID: 0, kind: .code)
    let then = Region(
      lineStart: 4, columnStart: 10, lineEnd: 4, columnEnd: 22, count: 1, fileID: 0,
      expandedFileID: 0, kind: .code)
    let derived = BranchDeriver.derive(
      source: Array(source.utf8), records: [("g", [body, then])])
    XCTAssertEqual(derived.decisions.map(\.location.line), [4])
    XCTAssertEqual(
      derived.notDerivable.map(\.reason),
      ["no region: position not proven (a stored property's initializer)"])
  }
}

/// The decisions' positions as `DecisionFinder` places them, each with its steps up to its
/// function (by index into `ProvenPositions.steps`).
private final class DecisionPaths: SyntaxAnyVisitor {
  private let converter: SourceLocationConverter
  private(set) var paths: [CoverageModel.SourceLocation: [Int]] = [:]
  /// The statements that are decisions, placed at their first token.
  private static let statements: Set<SyntaxKind> = [
    .ifExpr, .guardStmt, .switchExpr, .doStmt, .forStmt, .whileStmt, .repeatStmt,
  ]

  static func find(in source: String) -> [CoverageModel.SourceLocation: [Int]] {
    let tree = Parser.parse(source: source)
    let finder = DecisionPaths(converter: SourceLocationConverter(fileName: "", tree: tree))
    finder.walk(tree)
    return finder.paths
  }

  private init(converter: SourceLocationConverter) {
    self.converter = converter
    super.init(viewMode: .sourceAccurate)
  }

  private func note(_ at: some SyntaxProtocol, root: some SyntaxProtocol) {
    let found = converter.location(for: at.positionAfterSkippingLeadingTrivia)
    let location = CoverageModel.SourceLocation(line: found.line, column: found.column)
    paths[location] = ProvenPositions.path(Syntax(root))
  }

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
    if Self.statements.contains(node.kind) { note(node, root: node) }
    guard let sequence = node.as(SequenceExprSyntax.self) else { return .visitChildren }
    // Operators sit in the sequence: their position is the sequence's.
    for element in sequence.elements {
      if let ternary = element.as(UnresolvedTernaryExprSyntax.self) {
        note(ternary.questionMark, root: sequence)
      } else if let binary = element.as(BinaryOperatorExprSyntax.self),
        ["&&", "||", "??"].contains(binary.operator.text)
      {
        note(binary, root: sequence)
      }
    }
    return .visitChildren
  }
}

/// `#if` conditions are the compiler's decisions: no candidate, whatever their operators.
final class CompileTimeConditionTests: XCTestCase {
  func testAnIfConfigConditionIsNoDecision() {
    let source = """
      func f(_ a: Bool) -> Int {
        #if os(Linux) || (os(macOS) && DEBUG)
          return a ? 1 : 0
        #endif
      }

      """
    let decisions = BranchDeriver.decisions(in: Array(source.utf8)).candidates
    XCTAssertEqual(decisions.map(\.kind), [.ternary], "only the clause's code")
  }
}
