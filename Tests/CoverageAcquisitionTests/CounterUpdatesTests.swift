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

  func testPlainAndAtomicBuildsAreToldApart() throws {
    let plain = try compile("plain", program, [])
    let atomic = try compile("atomic", program, Self.atomic)
    guard case .notAtomic(let updates, 0) = CounterUpdates.of(executable: plain) else {
      return XCTFail("plain: \(CounterUpdates.of(executable: plain))")
    }
    XCTAssertGreaterThanOrEqual(updates, 3, "the function, the loop body and a ternary side")
    XCTAssertEqual(CounterUpdates.of(executable: atomic), .atomic)
  }

  func testOptimizedBuildsAreToldApart() throws {
    let plain = try compile("optimized-plain", program, ["-O"])
    let atomic = try compile("optimized-atomic", program, ["-O"] + Self.atomic)
    XCTAssertEqual(CounterUpdates.of(executable: atomic), .atomic)
    guard case .notAtomic = CounterUpdates.of(executable: plain) else {
      return XCTFail("optimized plain: \(CounterUpdates.of(executable: plain))")
    }
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
