import CoverageAcquisition
import CoverageGate
import CovgateSupport
import Foundation

/// A package's `.gitignore`, to which `covgate init` adds the history folder.
struct GitIgnore {
  /// The folder of the default history database (`.covgate/history.sqlite`).
  static let historyFolder = String(HistorySettings.defaultPath.prefix { $0 != "/" }) + "/"

  let path: String

  /// Appends `entry` (with a comment line) unless a line already ignores it; creates the file
  /// when there is none. Returns whether it added the entry.
  func add(_ entry: String, comment: String) throws -> Bool {
    let text =
      FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let name = entry.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    let ignored = text.split(whereSeparator: \.isNewline).contains { line in
      line.trimmingCharacters(in: .whitespaces).trimmingCharacters(
        in: CharacterSet(charactersIn: "/")) == name
    }
    guard !ignored else { return false }
    let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
    try AtomicFile.write(text + separator + "# \(comment)\n\(entry)\n", to: path)
    return true
  }
}
