import Foundation

/// A password handed over in a file (`--password-file`) instead of typed: its first line, from
/// a file only its owner can read, as ssh insists for its keys.
public enum PasswordFile {
  /// The password in `path`.
  public static func read(_ path: String) throws -> String {
    let attributes: [FileAttributeKey: Any]
    let data: Data
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CampgroundUIError.passwordFile(path, "cannot be read")
    }
    let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
    guard mode & 0o077 == 0 else {
      throw CampgroundUIError.passwordFile(
        path, "can be read by others (mode \(String(mode, radix: 8))); chmod 600 \(path)")
    }
    let text = String(decoding: data, as: UTF8.self)
    let password =
      text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) } ?? ""
    guard !password.isEmpty else { throw CampgroundUIError.passwordFile(path, "is empty") }
    return password
  }
}
