import Foundation

/// What the built `covgate` says it accepts, read from its `--help` output.
struct CovgateHelp {
  /// The subcommands listed under SUBCOMMANDS (`run`, `check`, ...).
  var subcommands: Set<String>
  /// The flags listed under OPTIONS (`--input`, `-h`, `--help`, ...).
  var flags: Set<String>

  /// The help of `covgate <subcommands...>`.
  static func of(_ subcommands: [String]) throws -> CovgateHelp {
    let result = try CLIHarness.run(CLIHarness.covgate, subcommands + ["--help"])
    return parse(result.stdout + result.stderr)
  }

  /// Reads the option and subcommand lines: two spaces, then the names.
  static func parse(_ help: String) -> CovgateHelp {
    var section = ""
    var subcommands: Set<String> = []
    var flags: Set<String> = []
    for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if let first = line.first, first.isUppercase, line.hasSuffix(":") {
        section = line
        continue
      }
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
      let entry = line.dropFirst(2)
      switch section {
      case "OPTIONS:":
        for name in entry.components(separatedBy: ", ") {
          guard let word = name.split(separator: " ").first, word.hasPrefix("-") else { break }
          flags.insert(String(word))
        }
      case "SUBCOMMANDS:":
        if let word = entry.split(separator: " ").first { subcommands.insert(String(word)) }
      default:
        break
      }
    }
    return CovgateHelp(subcommands: subcommands, flags: flags)
  }
}
