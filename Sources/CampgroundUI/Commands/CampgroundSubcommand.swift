import ArgumentParser

/// A `campground` subcommand: its work is a function from arguments and context to printed text.
protocol CampgroundSubcommand: AsyncParsableCommand {
  /// Does the work and returns what to print; failures throw a one-line error.
  func output(in context: CommandContext) async throws -> String
}

extension CampgroundSubcommand {
  /// Runs in the live context and prints the output.
  mutating func run() async throws {
    print(try await output(in: .live))
  }
}
