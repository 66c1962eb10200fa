import ArgumentParser
import CovgateSupport

extension Covgate {
  /// ` (did you mean `covgate mutate`?)` when the first word of the command line is no
  /// subcommand but a typo of one: without it, ArgumentParser reads the word as an argument of
  /// the default subcommand (`run`) and names one of that command's options instead.
  static func subcommandHint(for arguments: [String]) -> String {
    guard let first = arguments.first, !first.hasPrefix("-") else { return "" }
    let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    guard !names.contains(first), let closest = closestMatch(to: first, among: names) else {
      return ""
    }
    return " (did you mean `covgate \(closest)`?)"
  }
}
