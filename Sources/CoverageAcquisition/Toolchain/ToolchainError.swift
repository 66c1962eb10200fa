/// Why the toolchain or a test run could not give coverage. Each description is one line
/// with cause and fix.
public enum ToolchainError: Error, Equatable, CustomStringConvertible {
  case swiftNotFound
  case toolMissing(tool: String, swift: String)
  case cannotRun(tool: String, reason: String)
  case profileVersionMismatch(tool: String, swift: String)
  case staleProfile(binary: String)
  case noProfiles(directory: String)
  case noTestBinary(directory: String)
  case commandFailed(command: String, exitCode: Int32, detail: String)
  case describeFailed(packagePath: String, detail: String)
  case missingFile(path: String, flag: String)

  public var description: String {
    switch self {
    case .swiftNotFound:
      "no `swift` on PATH; install a Swift toolchain or put its usr/bin on PATH"
    case .toolMissing(let tool, let swift):
      "no \(tool) next to \(swift); install the full toolchain (it ships \(tool) beside swift), not just the compiler"
    case .cannotRun(let tool, let reason):
      "cannot run \(tool): \(reason); check that it exists and is executable"
    case .profileVersionMismatch(let tool, let swift):
      "\(tool) cannot read this profile: it belongs to another LLVM than \(swift); use the llvm-cov and llvm-profdata of the toolchain that built the tests"
    case .staleProfile(let binary):
      "the profile is older than \(binary) (rebuilt after the tests ran), so its data would be wrong; run the tests again"
    case .noProfiles(let directory):
      "the tests wrote no coverage profiles in \(directory); check that they ran and were built with --enable-code-coverage"
    case .noTestBinary(let directory):
      "no test binary (*.xctest) in \(directory); the package has no tests or the build failed"
    case .commandFailed(let command, let exitCode, let detail):
      "`\(command)` failed with exit code \(exitCode): \(detail)"
    case .missingFile(let path, let flag):
      "\(flag) \(path): no such file; pass the path of an existing file"
    case .describeFailed(let packagePath, let detail):
      "cannot read the package at \(packagePath): \(detail); point --package-path at a folder with a Package.swift"
    }
  }
}
