import Foundation
import XCTest

@testable import CoverageAcquisition

/// How binaries update their profile counters, read from executables the toolchain's swiftc
/// builds here: with and without atomic updates, unoptimized and optimized, and an object an
/// earlier build left that the atomic flag alone does not replace.
final class CounterUpdatesTests: XCTestCase {
  nonisolated(unsafe) private static var folder = ""

  private static var swiftc: String {
    let llvmCov = (try? LinuxPlatform().locateToolchain().llvmCov) ?? "/usr/bin/llvm-cov"
    return ((llvmCov as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("swiftc")
  }

  private static let atomic = ["-Xllvm", "-instrprof-atomic-counter-update-all"]
  private static let instrumented = ["-profile-generate", "-profile-coverage-mapping"]

  override class func setUp() {
    super.setUp()
    folder = NSTemporaryDirectory() + "covgate-counter-updates-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override class func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
    super.tearDown()
  }

  private var folder: String { Self.folder }

  /// Compiles `source` (written as `name.swift`) with `flags`; returns the output's path.
  @discardableResult
  private func compile(_ name: String, _ source: String, _ flags: [String], output: String? = nil)
    throws -> String
  {
    let path = "\(folder)/\(name).swift"
    if !FileManager.default.fileExists(atPath: path) {
      try source.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let out = output ?? "\(folder)/\(name)"
    let result = try LiveCommandRunner().capture(
      Self.swiftc, Self.instrumented + flags + ["-module-name", "Main", "-o", out, path], in: folder
    )
    try XCTSkipIf(result.exitCode != 0, "swiftc failed: \(result.stderr)")
    return out
  }

  private let program = """
    func bucket(_ x: Int) -> Int { x.isMultiple(of: 3) ? 1 : 0 }
    var sum = 0
    for x in 0..<CommandLine.arguments.count { sum += bucket(x) }
    print(sum)
    """

  /// Unoptimized and optimized, plain and atomic: the updates found are the ones llvm-objdump's
  /// disassembly shows, plain and `lock`-prefixed, for the counters' section.
  func testPlainAndAtomicBuildsAreToldApartAsTheDisassemblerSeesThem() throws {
    for (name, flags) in [("plain", [String]()), ("optimized-plain", ["-O"])] {
      let plain = try compile(name, program, flags)
      let seen = try disassembled(plain)
      XCTAssertGreaterThanOrEqual(seen.plain, 3, "\(name): the function, the loop body, a side")
      XCTAssertEqual(seen.atomic, 0, name)
      XCTAssertEqual(
        CounterUpdates.of(executable: plain), .notAtomic(plain: seen.plain, atomic: 0), name)
    }
    for (name, flags) in [("atomic", Self.atomic), ("optimized-atomic", ["-O"] + Self.atomic)] {
      let atomic = try compile(name, program, flags)
      let seen = try disassembled(atomic)
      XCTAssertEqual(seen.plain, 0, name)
      XCTAssertGreaterThanOrEqual(seen.atomic, 3, name)
      XCTAssertEqual(CounterUpdates.of(executable: atomic), .atomic, name)
    }
  }

  /// The updates of `__llvm_prf_cnts` in llvm-objdump's disassembly of `executable`: a load of a
  /// counter is a plain increment's (its store is not counted again), a `lock`-prefixed
  /// read-modify-write an atomic one, any other read-modify-write a plain one; an address taken
  /// (`lea`) is no update.
  private func disassembled(_ executable: String) throws -> (plain: Int, atomic: Int) {
    let objdump = ((Self.swiftc as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("llvm-objdump")
    let headers = try LiveCommandRunner().capture(objdump, ["-h", executable], in: nil)
    let fields = try XCTUnwrap(
      headers.stdout.split(separator: "\n").first { $0.contains("__llvm_prf_cnts") }
    ).split(separator: " ")
    let size = try XCTUnwrap(UInt64(fields[2], radix: 16))
    let start = try XCTUnwrap(UInt64(fields[3], radix: 16))
    let code = try LiveCommandRunner().capture(
      objdump, ["-d", "--no-show-raw-insn", executable], in: nil)
    var (plain, atomic) = (0, 0)
    var previous = ""
    for line in code.stdout.split(separator: "\n").map(String.init) {
      defer { previous = line }
      guard let mark = line.range(of: "# 0x"),
        let target = UInt64(line[mark.upperBound...].prefix { $0.isHexDigit }, radix: 16),
        (start..<start + size).contains(target),
        case let instruction = line.split(separator: "\t").dropFirst().joined(separator: " ")
      else { continue }
      if instruction.hasPrefix("lea") { continue }
      if instruction.hasPrefix("mov") {
        // `movq 0x..(%rip), %rax` loads; `movq %rax, 0x..(%rip)` stores.
        if instruction.split(separator: ",").first?.hasSuffix("(%rip)") == true { plain += 1 }
      } else if previous.hasSuffix("lock") || instruction.hasPrefix("lock") {
        atomic += 1
      } else {
        plain += 1
      }
    }
    return (plain, atomic)
  }

  /// Swift keeps an object whose IR did not change (incremental LLVM code generation): the atomic
  /// flag alone leaves the plain increments an earlier build wrote. covgate's build turns that
  /// off; this is the toolchain behaviour that makes it necessary.
  func testTheAtomicFlagAloneKeepsAnEarlierPlainObject() throws {
    let source = "public func bucket(_ x: Int) -> Int { x.isMultiple(of: 3) ? 1 : 0 }\n"
    let object = "\(folder)/kept.o"
    let library = ["-parse-as-library", "-c"]
    try compile("kept", source, library, output: object)
    try compile("kept", source, library + Self.atomic, output: object)
    XCTAssertTrue(try lockedIncrements(object).isEmpty, "the plain object was kept")
    try compile(
      "kept", source, library + Self.atomic + ["-Xfrontend", "-disable-incremental-llvm-codegen"],
      output: object)
    XCTAssertFalse(try lockedIncrements(object).isEmpty, "emitted again, atomic")
  }

  /// The object's `lock`-prefixed instructions (an object's counter addresses are relocations,
  /// so it is read with llvm-objdump rather than `CounterUpdates`).
  private func lockedIncrements(_ object: String) throws -> [Substring] {
    let objdump = ((Self.swiftc as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("llvm-objdump")
    let result = try LiveCommandRunner().capture(objdump, ["-d", object], in: nil)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    return result.stdout.split(separator: "\n").filter { $0.contains("lock") }
  }

  func testWhatIsNotAnInstrumentedX86ExecutableIsUnknown() throws {
    let text = "\(folder)/text"
    try "not an executable".write(toFile: text, atomically: true, encoding: .utf8)
    XCTAssertEqual(CounterUpdates.of(executable: text), .unknown)
    XCTAssertEqual(CounterUpdates.of(executable: "\(folder)/missing"), .unknown)
    let bare = "\(folder)/bare"
    let result = try LiveCommandRunner().capture(
      Self.swiftc, ["-o", bare, try write("bare.swift", "print(1)\n")], in: folder)
    try XCTSkipIf(result.exitCode != 0, result.stderr)
    XCTAssertEqual(CounterUpdates.of(executable: bare), .unknown, "no counters to update")
    // A truncated executable: its section headers are past the end.
    let plain = try compile("truncated", program, [])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: plain))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: plain))
    XCTAssertEqual(CounterUpdates.of(executable: plain), .unknown)
  }

  /// Section sizes that run past the address space (a damaged or hostile file) are no ELF: read
  /// as unknown, not a crash.
  func testSectionsPastTheEndOfTheAddressSpaceAreUnknown() throws {
    let plain = try compile("oversized", program, [])
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
    func integer(_ offset: Int, _ size: Int) -> Int {
      (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    let (table, entry, count) = (integer(0x28, 8), integer(0x3A, 2), integer(0x3C, 2))
    XCTAssertEqual(
      bytes.withUnsafeBufferPointer { CounterUpdates.of(image: $0) },
      CounterUpdates.of(executable: plain))
    for index in 1..<count {
      // sh_size, the eighth field's place: all ones but the lowest byte.
      for byte in 0..<8 { bytes[table + index * entry + 32 + byte] = byte == 0 ? 0xF0 : 0xFF }
    }
    XCTAssertEqual(bytes.withUnsafeBufferPointer { CounterUpdates.of(image: $0) }, .unknown)
  }

  private func write(_ name: String, _ text: String) throws -> String {
    let path = "\(folder)/\(name)"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testSeveralBinariesAreNotAtomicWhenOneIsNot() {
    XCTAssertEqual(CounterUpdates.atomic + .unknown, .atomic)
    XCTAssertEqual(CounterUpdates.unknown + .unknown, .unknown)
    XCTAssertEqual(
      CounterUpdates.atomic + .notAtomic(plain: 2, atomic: 1), .notAtomic(plain: 2, atomic: 1))
    XCTAssertEqual(
      CounterUpdates.notAtomic(plain: 2, atomic: 1) + .notAtomic(plain: 3, atomic: 0),
      .notAtomic(plain: 5, atomic: 1))
  }
}
