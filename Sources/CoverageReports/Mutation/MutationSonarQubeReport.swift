import CoverageModel
import Foundation
import Mutation

/// Survivors as SonarQube external issues (the generic issue import format of SonarQube 10.3
/// and later: `sonar.externalIssuesReportPaths`), one issue per surviving mutant at its line.
public enum MutationSonarQubeReport {
  public static let fileName = "covgate-mutation-sonarqube.json"
  static let ruleID = "survived-mutant"

  public static func render(_ report: MutationReport) throws -> String {
    let rule: [String: Any] = [
      "id": ruleID, "name": "A seeded fault no test notices", "engineId": "covgate",
      "description":
        "covgate mutate changed this code and every test that ran it still passed: add an assertion that tells the two apart, or accept the mutant as equivalent.",
      "cleanCodeAttribute": "TESTED",
      "impacts": [["softwareQuality": "MAINTAINABILITY", "severity": "MEDIUM"]],
    ]
    let issues: [[String: Any]] = report.survivors.map { survivor in
      let mutant = survivor.mutant
      return [
        "ruleId": ruleID, "effortMinutes": 10,
        "primaryLocation": [
          "message":
            "\(mutant.kind.rawValue): \(mutant.change) survives \(MutationTextReport.testList(survivor.tests))",
          "filePath": mutant.file,
          "textRange": ["startLine": mutant.line],
        ] as [String: Any],
      ]
    }
    let data = try JSONSerialization.data(
      withJSONObject: ["rules": [rule], "issues": issues], options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
