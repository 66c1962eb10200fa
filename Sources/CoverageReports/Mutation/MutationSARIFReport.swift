import CoverageModel
import Foundation
import Mutation

/// Survivors as SARIF 2.1.0 (`covgate-mutation.sarif`), the format code scanning reads (GitHub's
/// `upload-sarif`, GitLab, IDE viewers): one result per surviving mutant at its line and column,
/// a rule per mutation operator, and in each message what to do about it.
public enum MutationSARIFReport {
  public static let fileName = "covgate-mutation.sarif"
  static let schema =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  /// `report`'s survivors, by covgate `version`; paths as in the report, package-relative.
  ///
  /// - Parameter sources: the text of each file with survivors, where known: a mutant's column
  ///   counts UTF-8 bytes, SARIF's UTF-16 code units, which differ on a line with non-ASCII
  ///   text before the mutant. A file not given keeps the byte column.
  public static func render(
    _ report: MutationReport, version: String, sources: [String: String] = [:]
  ) throws -> String {
    let operators = MutationOperator.allCases
    let rules: [[String: Any]] = operators.map { kind in
      [
        "id": kind.rawValue,
        "name": ruleName(kind),
        "shortDescription": ["text": "A \(summary(kind)) no test notices"],
        "fullDescription": [
          "text":
            "covgate mutate made this change (\(summary(kind))) and every test that ran the line still passed."
        ],
        "help": ["text": fixIt],
        "defaultConfiguration": ["level": "warning"],
      ]
    }
    let results: [[String: Any]] = report.survivors.map { survivor in
      let mutant = survivor.mutant
      return [
        "ruleId": mutant.kind.rawValue,
        "ruleIndex": operators.firstIndex(of: mutant.kind) ?? 0,
        "level": "warning",
        "message": [
          "text":
            "Mutant \(mutant.change) (\(mutant.kind.rawValue)) survived: no test failed with it in (ran by \(MutationTextReport.testList(survivor.tests))). \(fixIt)"
        ],
        "locations": [
          [
            "physicalLocation": [
              "artifactLocation": ["uri": mutant.file],
              "region": [
                "startLine": mutant.line,
                "startColumn": utf16Column(of: mutant, in: sources[mutant.file]),
              ],
            ] as [String: Any]
          ]
        ],
        // The same mutant keeps its identity when lines move above it.
        "partialFingerprints": [
          "covgateMutant/v1": [mutant.file, mutant.kind.rawValue, mutant.original, mutant.mutated]
            .joined(separator: "|")
        ],
      ]
    }
    let log: [String: Any] = [
      "$schema": schema,
      "version": "2.1.0",
      "runs": [
        [
          "tool": [
            "driver": [
              "name": "covgate", "version": version, "semanticVersion": version, "rules": rules,
            ] as [String: Any]
          ],
          "results": results,
        ] as [String: Any]
      ],
    ]
    let data = try JSONSerialization.data(
      withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The mutant's column in UTF-16 code units (SARIF's default `columnKind`), from its column
  /// in UTF-8 bytes; the byte column when the line is not known.
  static func utf16Column(of mutant: Mutant, in source: String?) -> Int {
    guard let source, mutant.line >= 1 else { return mutant.column }
    let lines = source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard mutant.line <= lines.count else { return mutant.column }
    let before = lines[mutant.line - 1].prefix(max(mutant.column - 1, 0))
    return String(decoding: before, as: UTF8.self).utf16.count + 1
  }

  /// What to do about a survivor, in every message.
  static let fixIt =
    "Fix: add a test assertion that fails with this change, or, if no test can tell the two apart, accept it as equivalent under mutation.accept in .covgate.yml."

  private static func ruleName(_ kind: MutationOperator) -> String {
    kind.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined() + "Survived"
  }

  /// The change an operator makes, in words.
  static func summary(_ kind: MutationOperator) -> String {
    switch kind {
    case .relationalBoundary: "comparison boundary moved (< to <=, > to >=)"
    case .negatedComparison: "comparison negated (< to >=, == to !=)"
    case .logicalConnector: "logical connector swapped (&& to ||)"
    case .removedNegation: "negation removed (!c to c)"
    case .booleanLiteral: "boolean literal flipped (true to false)"
    case .arithmetic: "arithmetic operator swapped (+ to -, * to /)"
    case .swappedTernary: "ternary's branches swapped"
    case .removedCall: "call removed"
    }
  }
}
