import CoverageModel
import CoverageReaders
import Foundation
import LLVMCoverage

/// Every kind of coverage made elsewhere that covgate reads: the CLI's input options, the rule
/// that one run reads one kind, and the docs' table of inputs come from this list. A new format
/// is a reader folder in CoverageReaders declaring its `InputFormat`, and one line here (and the
/// CLI's option property, which ArgumentParser needs declared; a test fails without it).
public enum InputFormats {
  public static let all: [InputFormat] = [.llvmCov, .xccov, .xcresult, .lcov, .cobertura]

  /// The option called `name`, for the CLI's declaration of it.
  public static func option(_ name: String) -> InputOption {
    guard let option = all.lazy.flatMap(\.options).first(where: { $0.name == name }) else {
      preconditionFailure("no input format has an option --\(name)")
    }
    return option
  }

  /// Where the given inputs' coverage comes from, paths made absolute with `absolute`; nil when
  /// none was given.
  ///
  /// - Throws: `InputOptionsError` when the inputs are of several kinds (each tool counts lines
  ///   its own way, so their figures are never added up) or a format's options are incomplete.
  public static func source(
    _ given: InputFiles, absolute: (String) -> String
  ) throws(InputOptionsError) -> CoverageSource? {
    let formats = all.filter { format in format.options.contains { !given[$0.name].isEmpty } }
    guard let format = formats.first else { return nil }
    if formats.count > 1 {
      throw InputOptionsError(mixed: formats, given: given)
    }
    if let mistake = format.check(given) { throw InputOptionsError(message: mistake) }
    switch format.id {
    case InputFormat.llvmCov.id:
      return .llvmCovExports(
        given["input"], buildFolder: given["from-build"].first,
        profdata: given["profdata"].first.map(absolute), objects: given["object"].map(absolute))
    case InputFormat.xcresult.id:
      return .xcresults(given["xcresult"].map(absolute))
    default:
      return .read(format, InputFiles(given.byOption.mapValues { $0.map(absolute) }))
    }
  }

  /// The docs' table of inputs (docs/inputs.md), one row per format.
  public static func markdownTable() -> String {
    var rows = [
      "| Format | Options | Made by | Figures |", "| --- | --- | --- | --- |",
    ]
    for format in all {
      let options = format.options.map { "`--\($0.name)`" }.joined(separator: ", ")
      rows.append(
        "| \(format.title) | \(options) | \(format.producers) | \(figures(format.capabilities)) |")
    }
    return rows.joined(separator: "\n") + "\n"
  }

  /// What a format's data holds, in the table's words.
  private static func figures(_ capabilities: Capabilities) -> String {
    var held = ["lines"]
    if capabilities.functions { held.append("functions") }
    if capabilities.regions { held += ["regions", "instantiations"] }
    if capabilities.functionRegions { held.append("branches (derived)") }
    return held.joined(separator: ", ")
  }
}

/// Input options given in a way covgate cannot read: several kinds at once, or a format's
/// option without the one it needs.
public struct InputOptionsError: Error, Equatable, CustomStringConvertible {
  public var message: String

  public init(message: String) { self.message = message }

  init(mixed formats: [InputFormat], given: InputFiles) {
    func named(_ format: InputFormat) -> String {
      let options = format.options.filter { !given[$0.name].isEmpty }.map { "--\($0.name)" }
      return "\(format.title) (\(options.joined(separator: ", ")))"
    }
    let listed = formats.map(named)
    message =
      "\(listed.dropLast().joined(separator: ", ")) and \(listed.last!) cannot be read together: each tool counts lines its own way, so their figures are never added up; pass one kind of coverage input (several files of one kind merge), or run covgate once for each"
  }

  public var description: String { message }
}
