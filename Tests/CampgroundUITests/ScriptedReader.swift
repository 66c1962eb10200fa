import CampgroundUI

/// Answers prompts from a script and records the prompts it was shown.
final class ScriptedReader: LineReader, @unchecked Sendable {
  private var answers: [String]
  private(set) var prompts: [String] = []
  /// The prompts whose answers were read unseen (passwords).
  private(set) var hiddenPrompts: [String] = []

  init(_ answers: [String]) {
    self.answers = answers
  }

  func readLine(prompt: String) -> String? {
    prompts.append(prompt)
    return answers.isEmpty ? nil : answers.removeFirst()
  }

  func readSecret(prompt: String) throws -> String? {
    hiddenPrompts.append(prompt)
    return readLine(prompt: prompt)
  }
}
