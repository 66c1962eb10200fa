import CovgateSupport

/// The two sections of a test binary that hold its coverage mapping: `__llvm_covmap` (headers
/// and filename tables) and `__llvm_covfun` (one record a function). Copied out of the binary,
/// which is mapped, not read whole.
public struct CoverageSections: Sendable, Equatable {
  public var covmap: [UInt8]
  public var covfun: [UInt8]

  public init(covmap: [UInt8], covfun: [UInt8]) {
    self.covmap = covmap
    self.covfun = covfun
  }

  /// The sections of `path`, found by `locate` (the platform's object format): a binary that
  /// cannot be read or has no coverage mapping is an error saying which.
  static func read(
    path: String,
    locate: (UnsafeBufferPointer<UInt8>) -> (covmap: Range<UInt64>, covfun: Range<UInt64>)??
  ) throws -> CoverageSections {
    let file: MappedFile
    do { file = try MappedFile(path: path) } catch {
      throw CoverageSectionsError(path: path, reason: "cannot read it (\(error))")
    }
    guard let found = locate(file.bytes) else {
      throw CoverageSectionsError(path: path, reason: "not an object file covgate reads")
    }
    guard let (covmap, covfun) = found else {
      throw CoverageSectionsError(
        path: path, reason: "no coverage mapping (not built with --enable-code-coverage)")
    }
    let size = UInt64(file.bytes.count)
    guard covmap.upperBound <= size, covfun.upperBound <= size else {
      throw CoverageSectionsError(path: path, reason: "its coverage sections run past its end")
    }
    func copy(_ range: Range<UInt64>) -> [UInt8] {
      Array(file.bytes[Int(range.lowerBound)..<Int(range.upperBound)])
    }
    return CoverageSections(covmap: copy(covmap), covfun: copy(covfun))
  }

  /// An ELF file's sections (`__llvm_covmap`, `__llvm_covfun`); nil when it is no ELF file,
  /// `.some(nil)` when it has no coverage mapping.
  static func inELF(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    covmap: Range<UInt64>, covfun: Range<UInt64>
  )?? {
    guard let elf = ELFSections(bytes) else { return nil }
    func range(_ name: String) -> Range<UInt64>? {
      elf.sections.first { $0.name == name }.map { $0.offset..<($0.offset + $0.size) }
    }
    guard let covmap = range("__llvm_covmap"), let covfun = range("__llvm_covfun") else {
      return .some(nil)
    }
    return (covmap, covfun)
  }

  /// A Mach-O file's sections (`__LLVM_COV,__llvm_covmap`, `__LLVM_COV,__llvm_covfun`); nil
  /// when it is no Mach-O file, `.some(nil)` when it has no coverage mapping.
  static func inMachO(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    covmap: Range<UInt64>, covfun: Range<UInt64>
  )?? {
    guard let macho = MachOSections(bytes) else { return nil }
    func range(_ name: String) -> Range<UInt64>? {
      macho.sections.first { $0.segment == "__LLVM_COV" && $0.name == name }.flatMap {
        let (end, overflow) = $0.offset.addingReportingOverflow($0.size)
        return overflow ? nil : $0.offset..<end
      }
    }
    guard let covmap = range("__llvm_covmap"), let covfun = range("__llvm_covfun") else {
      return .some(nil)
    }
    return (covmap, covfun)
  }
}

/// A test binary whose coverage mapping covgate cannot read; one line.
public struct CoverageSectionsError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): \(reason)" }
}
