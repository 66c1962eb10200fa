/// Paths written on Windows (cargo-llvm-cov's `SF:C:\Users\...`, OpenCppCoverage's
/// `develop\project\src`), read with `/` for their separators so that path detection and
/// `--path-map` place them on this machine as they place any other machine's paths.
public enum WindowsPath {
  /// `path` with every backslash a slash, when it has one; unchanged otherwise. A backslash is
  /// never part of a name in the paths covgate reads, which come from Swift, C and Rust
  /// projects' sources.
  public static func slashed(_ path: String) -> String {
    guard path.utf8.contains(UInt8(ascii: "\\")) else { return path }
    return String(path.map { $0 == "\\" ? "/" : $0 })
  }

  /// Whether `path` starts with a drive (`C:` then a slash, or `C:` alone).
  public static func hasDrive(_ path: String) -> Bool {
    let bytes = Array(path.utf8.prefix(3))
    guard bytes.count >= 2, bytes[1] == UInt8(ascii: ":") else { return false }
    let letter = bytes[0] | 0x20
    guard letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z") else { return false }
    return bytes.count == 2 || bytes[2] == UInt8(ascii: "/")
  }
}
