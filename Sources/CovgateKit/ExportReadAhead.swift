import CoverageModel
import LLVMCoverage
import Synchronization

/// An export read from the moment the command line names it: while the arguments are parsed,
/// the config is loaded and the package is described on one core, the export is read on the
/// other, which would otherwise wait for the pipeline to ask for it.
///
/// Begun for `check` with one `--input` and no `--from-build`, reading what a run that derives
/// branches reads (function records and line views). The pipeline takes it only for that path
/// and those options, else reads the export itself: a read ahead can be wasted, never wrong.
/// Its errors are those of reading the file then, raised where the pipeline reads it.
public final class ExportReadAhead: Sendable {
  /// What is read ahead: what the pipeline reads when it derives branches (the default).
  public static let options = ExportReader.Options(functions: true, lineViews: true)
  /// The export's path as the command line gives it.
  public let path: String
  private let reading: Background<CoverageData>
  private let taken = Atomic<Bool>(false)

  /// Starts reading the export at `path` on a thread of its own.
  public init(path: String) {
    self.path = path
    reading = Background { try ExportReader.read(path: path, options: Self.options) }
  }

  /// A read ahead of the export that `arguments` (without the executable's name) check, if
  /// they name exactly one.
  public static func begin(arguments: [String]) -> ExportReadAhead? {
    exportChecked(by: arguments).map(ExportReadAhead.init(path:))
  }

  /// The one `--input` of a `check` command line without `--from-build`; nil for any other.
  /// A guess ahead of the parser: the pipeline checks it against the parsed inputs.
  static func exportChecked(by arguments: [String]) -> String? {
    guard arguments.first == "check" else { return nil }
    var inputs: [String] = []
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" || argument == "--from-build" || argument.hasPrefix("--from-build=") {
        return nil
      }
      if argument == "--input", index + 1 < arguments.count {
        inputs.append(arguments[index + 1])
        index += 1
      } else if argument.hasPrefix("--input=") {
        inputs.append(String(argument.dropFirst("--input=".count)))
      }
      index += 1
    }
    return inputs.count == 1 ? inputs[0] : nil
  }

  /// The export read ahead (waiting for it), or its error, if it is the one at `path` read with
  /// `options`; nil otherwise, or once taken.
  func take(path: String, options: ExportReader.Options) throws -> CoverageData? {
    guard path == self.path, options == Self.options,
      !taken.exchange(true, ordering: .acquiringAndReleasing)
    else { return nil }
    return try reading.take()
  }
}

extension ExportReadAhead {
  /// Waits until the export is read (tests: to change the file after it was read).
  func waitUntilRead() { _ = try? reading.value() }
}
