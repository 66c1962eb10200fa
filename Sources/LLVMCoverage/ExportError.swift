/// Why an llvm-cov export could not be used. Each description is one line with cause and fix.
public enum ExportError: Error, Equatable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case empty(path: String)
  case truncated(path: String, offset: Int)
  case malformed(path: String, offset: Int, reason: String)
  case notAnExport(path: String, reason: String)
  case unsupportedVersion(path: String, version: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "cannot read \(path): \(reason); check the path passed to --input"
    case .empty(let path):
      "\(path) is empty; export coverage again with `llvm-cov export -instr-profile=... <test binary>`"
    case .truncated(let path, let offset):
      "\(path) is truncated (ends at byte \(offset)); the export was cut short, export it again"
    case .malformed(let path, let offset, let reason):
      "\(path) is not valid llvm-cov JSON at byte \(offset): \(reason); pass the file `llvm-cov export` wrote"
    case .notAnExport(let path, let reason):
      "\(path) is not an llvm-cov export (\(reason)); pass the JSON `llvm-cov export` or `swift test --enable-code-coverage` wrote"
    case .unsupportedVersion(let path, let version):
      "\(path) has export format \(version), covgate reads 2.x and 3.x; export it with a Swift 5.x or 6.x toolchain's llvm-cov"
    }
  }
}
