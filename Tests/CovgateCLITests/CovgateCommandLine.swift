import Foundation

/// A `covgate` command found in a CI script or a README code block: its subcommand path and
/// the flags it passes, read with a small shell-like tokenizer.
struct CovgateCommandLine: Equatable {
  /// `["check"]`, `["baseline", "save"]`; `["run"]` when no subcommand is named (the default).
  var subcommands: [String]
  /// Flags as written, without `=value` (`--format`, `-h`).
  var flags: [String]
  /// The value of each `--format` given.
  var formats: [String]
  /// The line it came from.
  var line: String

  /// Words after which a word is in command position.
  private static let commandStarts: Set<String> = [
    "then", "else", "do", "&&", "||", ";", "exec", "time", "run:", "-",
  ]
  /// Words that end a command.
  private static let commandEnds: Set<String> = [";", "&&", "||", "|", "fi", "then", "done"]

  /// Every covgate command in `script`; `swift package ... covgate` (the plugin) counts as
  /// `check`, which it runs with the user's arguments. `nested` are the subcommands that have
  /// subcommands of their own.
  static func all(in script: String, nested: Set<String> = ["baseline", "mutate"])
    -> [CovgateCommandLine]
  {
    let joined = script.replacingOccurrences(of: "\\\n", with: " ")
    return joined.split(separator: "\n").flatMap { line -> [CovgateCommandLine] in
      let words = tokens(String(line))
      return words.indices.compactMap { index in
        guard words[index] == "covgate" else { return nil }
        let plugin = words.prefix(index).starts(with: ["swift", "package"])
        guard plugin || index == 0 || commandStarts.contains(words[index - 1]) else { return nil }
        return parse(
          Array(words[(index + 1)...]), plugin: plugin, nested: nested, line: String(line))
      }
    }
  }

  private static func parse(
    _ words: [String], plugin: Bool, nested: Set<String>, line: String
  ) -> CovgateCommandLine {
    var rest = words.prefix { !commandEnds.contains($0) && !$0.hasPrefix(">") }[...]
    var subcommands: [String] = []
    if plugin {
      subcommands = ["check"]
    } else if let first = rest.first, !first.hasPrefix("-") {
      subcommands = [first]
      rest = rest.dropFirst()
      if nested.contains(first), let second = rest.first, !second.hasPrefix("-") {
        subcommands.append(second)
        rest = rest.dropFirst()
      }
    } else {
      subcommands = ["run"]
    }
    var flags: [String] = []
    var formats: [String] = []
    let arguments = Array(rest.prefix { $0 != "--" })
    for (index, word) in arguments.enumerated() where word.hasPrefix("-") {
      let flag = String(word.split(separator: "=", maxSplits: 1)[0])
      flags.append(flag)
      if flag == "--format" {
        if let value = word.split(separator: "=", maxSplits: 1).dropFirst().first {
          formats.append(String(value))
        } else if index + 1 < arguments.count {
          formats.append(arguments[index + 1])
        }
      }
    }
    return CovgateCommandLine(subcommands: subcommands, flags: flags, formats: formats, line: line)
  }

  /// Splits a line like a shell: quotes group words and are removed; `${{ ... }}` expressions
  /// (GitHub Actions) stay one word; a `#` at the start of a word begins a comment.
  static func tokens(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    var characters = Array(line)[...]
    while let character = characters.popFirst() {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
        continue
      }
      if character == "$", characters.starts(with: "{{") {
        let text = String(characters)
        let end =
          text.range(of: "}}").map { text.distance(from: text.startIndex, to: $0.upperBound) }
          ?? text.count
        current += "$" + text.prefix(end)
        characters = characters.dropFirst(end)
        inWord = true
        continue
      }
      switch character {
      case "\"", "'":
        quote = character
        inWord = true
      case " ", "\t":
        if inWord { words.append(current) }
        current = ""
        inWord = false
      case "#" where !inWord:
        return words
      case ";":
        if inWord { words.append(current) }
        words.append(";")
        current = ""
        inWord = false
      default:
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }
}
