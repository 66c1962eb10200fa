import CoverageModel
import Foundation
import LLVMCoverage
import Synchronization

/// An export read from the moment the command line names it: while the arguments are parsed,
/// the config is loaded and the package is described on one core, the export is read on the
/// other, which would otherwise wait for the pipeline to ask for it.
///
/// Begun for `check` with one `--input`, no `--from-build` and a package (its `Package.swift`)
/// at the package path, reading what a run that derives branches there reads (function records
/// and line views). The pipeline takes it only for that path and those options; otherwise it
/// abandons it (the reading stops at its next record) and reads the export itself: a read ahead
/// can be wasted for a moment, never wrong. Its errors are those of reading the file then,
/// raised where the pipeline reads it.
public final class ExportReadAhead: Sendable {
  /// What is read ahead: what the pipeline reads when it derives branches (the default).
  public static let options = ExportReader.Options(functions: true, lineViews: true)
  /// The export's path as the command line gives it.
  public let path: String
  private let reading: Background<CoverageData>
  /// Taken by the pipeline, or abandoned: either way, never taken again.
  private let settled = Atomic<Bool>(false)
  private let abandoned: Flag

  /// Starts reading the export at `path` on a thread of its own.
  public init(path: String) {
    self.path = path
    let abandoned = Flag()
    self.abandoned = abandoned
    reading = Background {
      try ExportReader.read(path: path, options: Self.options) { abandoned.isSet }
    }
  }

  /// A read ahead of the export that `arguments` (without the executable's name) check, if
  /// they name exactly one, of a package whose `Package.swift` is at the package path.
  public static func begin(arguments: [String]) -> ExportReadAhead? {
    guard let (export, packagePath) = exportChecked(by: arguments),
      access("\(packagePath)/Package.swift", F_OK) == 0
    else { return nil }
    return ExportReadAhead(path: export)
  }

  /// The one `--input` of a `check` command line without `--from-build`, and its package path
  /// (`--package-path`, the current folder by default); nil for any other. A guess ahead of
  /// the parser: the pipeline checks it against the parsed inputs.
  static func exportChecked(by arguments: [String]) -> (export: String, packagePath: String)? {
    guard arguments.first == "check" else { return nil }
    var inputs: [String] = []
    var packagePath = "."
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" || argument == "--from-build" || argument.hasPrefix("--from-build=") {
        return nil
      }
      let next = index + 1 < arguments.count ? arguments[index + 1] : nil
      if argument == "--input", let next {
        inputs.append(next)
        index += 1
      } else if argument.hasPrefix("--input=") {
        inputs.append(String(argument.dropFirst("--input=".count)))
      } else if argument == "--package-path", let next {
        packagePath = next
        index += 1
      } else if argument.hasPrefix("--package-path=") {
        packagePath = String(argument.dropFirst("--package-path=".count))
      }
      index += 1
    }
    return inputs.count == 1 ? (inputs[0], packagePath) : nil
  }

  /// The export read ahead (waiting for it), or its error, if it is the one at `path` read with
  /// `options`; nil otherwise (the read ahead is then abandoned), or once taken.
  func take(path: String, options: ExportReader.Options) throws -> CoverageData? {
    guard path == self.path, options == Self.options else {
      abandon()
      return nil
    }
    guard !settled.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
    return try reading.take()
  }

  /// Stops the reading at its next record: the run reads the export otherwise.
  func abandon() {
    guard !settled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    abandoned.set()
  }

  /// A flag the reading thread checks at every record.
  private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
  }
}

extension ExportReadAhead {
  /// Waits until the export is read (tests: to change the file after it was read).
  func waitUntilRead() { _ = try? reading.value() }
}
