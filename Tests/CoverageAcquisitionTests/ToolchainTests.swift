import CovgateSupport
import XCTest

@testable import CoverageAcquisition

final class ToolchainTests: XCTestCase {
  func testLinuxFindsTheToolsBesideTheRealSwiftNotOnPath() throws {
    // /usr/bin holds Debian's older llvm-cov; swift links into the toolchain folder.
    let files: Set<String> = [
      "/usr/bin/swift", "/usr/bin/llvm-cov", "/opt/swift/usr/bin/llvm-cov",
      "/opt/swift/usr/bin/llvm-profdata",
    ]
    let platform = LinuxPlatform(
      environment: ["PATH": "/usr/local/bin:/usr/bin"], fileExists: { files.contains($0) },
      resolveLinks: { $0 == "/usr/bin/swift" ? "/opt/swift/usr/bin/swift-driver" : $0 })
    XCTAssertEqual(
      try platform.locateToolchain(),
      Toolchain(
        swift: "/usr/bin/swift", llvmCov: "/opt/swift/usr/bin/llvm-cov",
        llvmProfdata: "/opt/swift/usr/bin/llvm-profdata"))
  }

  func testLinuxNamesTheMissingToolAndTheSwiftItLookedBeside() {
    let platform = LinuxPlatform(
      environment: ["PATH": "/opt/swift/usr/bin"],
      fileExists: { ["/opt/swift/usr/bin/swift", "/opt/swift/usr/bin/llvm-cov"].contains($0) },
      resolveLinks: { $0 })
    XCTAssertThrowsError(try platform.locateToolchain()) { error in
      XCTAssertEqual(
        error as? ToolchainError,
        .toolMissing(tool: "llvm-profdata", swift: "/opt/swift/usr/bin/swift"))
    }
  }

  func testLinuxWithoutSwiftSaysSo() {
    let platform = LinuxPlatform(
      environment: ["PATH": "/nowhere"], fileExists: { _ in false }, resolveLinks: { $0 })
    XCTAssertThrowsError(try platform.locateToolchain()) { error in
      XCTAssertEqual(error as? ToolchainError, .swiftNotFound)
    }
  }

  func testLinuxHonoursAnExplicitSwift() throws {
    let platform = LinuxPlatform(
      environment: ["PATH": "/usr/bin", "COVGATE_SWIFT": "/tc/bin/swift"],
      fileExists: { $0.hasPrefix("/tc/bin/") }, resolveLinks: { $0 })
    XCTAssertEqual(try platform.locateToolchain().llvmCov, "/tc/bin/llvm-cov")
  }

  func testLinuxTestBinaryIsTheXCTestFileItself() {
    XCTAssertEqual(
      LinuxPlatform().testExecutable(ofBundle: "/p/.build/debug/PkgPackageTests.xctest"),
      "/p/.build/debug/PkgPackageTests.xctest")
  }

  func testMacUsesXcrunAndTheBinaryInsideTheBundle() throws {
    let xcode =
      "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin"
    let runner = RecordedRunner(captures: [
      "/usr/bin/xcrun --find swift": CommandResult(exitCode: 0, stdout: "\(xcode)/swift\n"),
      "/usr/bin/xcrun --find llvm-cov": CommandResult(exitCode: 0, stdout: "\(xcode)/llvm-cov\n"),
      "/usr/bin/xcrun --find llvm-profdata": CommandResult(
        exitCode: 0, stdout: "\(xcode)/llvm-profdata\n"),
    ])
    let platform = MacPlatform(runner: runner)
    XCTAssertEqual(
      try platform.locateToolchain(),
      Toolchain(
        swift: "\(xcode)/swift", llvmCov: "\(xcode)/llvm-cov",
        llvmProfdata: "\(xcode)/llvm-profdata"))
    XCTAssertEqual(
      platform.testExecutable(ofBundle: "/p/.build/debug/PkgPackageTests.xctest"),
      "/p/.build/debug/PkgPackageTests.xctest/Contents/MacOS/PkgPackageTests")
  }

  func testMacReportsAMissingTool() {
    let runner = RecordedRunner(captures: [
      "/usr/bin/xcrun --find swift": CommandResult(exitCode: 0, stdout: "/x/swift\n"),
      "/usr/bin/xcrun --find llvm-cov": CommandResult(
        exitCode: 72,
        stderr:
          "xcrun: error: unable to find utility \"llvm-cov\", not a developer tool or in PATH\n"),
    ])
    XCTAssertThrowsError(try MacPlatform(runner: runner).locateToolchain()) { error in
      XCTAssertEqual(
        error as? ToolchainError, .toolMissing(tool: "llvm-cov", swift: "xcrun's active toolchain"))
    }
  }
}

final class DemanglerTests: XCTestCase {
  /// The toolchain's own swift-demangle, fed through its standard input.
  func testDemanglesWithTheToolchainsSwiftDemangle() throws {
    let folder = try toolchainFolder()
    let names = Demangler(toolchainFolder: folder).demangle([
      "$s4Yams4MarkV11descriptionSSvg", "Sources/Yams/Mark.swift:$s4Yams4MarkV7snippet4fromS2S_tF",
      "not_mangled",
    ])
    XCTAssertEqual(names["$s4Yams4MarkV11descriptionSSvg"], "Mark.description.getter")
    XCTAssertEqual(
      names["Sources/Yams/Mark.swift:$s4Yams4MarkV7snippet4fromS2S_tF"], "Mark.snippet(from:)")
    XCTAssertEqual(names["not_mangled"], "not_mangled")
  }

  /// The toolchain folder holding `swift-demangle` (the test is skipped without one).
  private func toolchainFolder() throws -> String {
    let swift = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    let folder = try XCTUnwrap(
      swift.map {
        (URL(fileURLWithPath: $0).resolvingSymlinksInPath().path as NSString)
          .deletingLastPathComponent
      })
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "\(folder)/swift-demangle"))
    return folder
  }

  private func temporaryFolder() throws -> String {
    let folder = NSTemporaryDirectory() + "covgate-demangle-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    return folder
  }

  /// A second run reads the names from the cache and starts no process.
  func testCachedNamesNeedNoProcess() throws {
    let folder = try toolchainFolder()
    let cache = try temporaryFolder()
    let names = [
      "$s4Yams4MarkV11descriptionSSvg", "Sources/Yams/Mark.swift:$s4Yams4MarkV7snippet4fromS2S_tF",
      "main",
    ]
    let first = Demangler(toolchainFolder: folder, cacheFolder: cache).demangle(names)
    XCTAssertEqual(first["$s4Yams4MarkV11descriptionSSvg"], "Mark.description.getter")
    let files = try FileManager.default.contentsOfDirectory(atPath: cache)
    XCTAssertEqual(files.count, 1, "\(files)")
    let failing = RecordedRunner(captures: [:])
    let second = Demangler(toolchainFolder: folder, cacheFolder: cache, runner: failing).demangle(
      names)
    XCTAssertEqual(second, first)
    XCTAssertEqual(failing.commands, [], "every name came from the cache")
    // A new name is demangled; a damaged line is ignored and its name demangled again.
    try ("garbage without a tab\n" + "main\tmain\n").write(
      toFile: "\(cache)/\(files[0])", atomically: true, encoding: .utf8)
    let third = Demangler(toolchainFolder: folder, cacheFolder: cache).demangle(
      names + ["$s4Yams4MarkV4lineSivg"])
    XCTAssertEqual(third["$s4Yams4MarkV11descriptionSSvg"], "Mark.description.getter")
    XCTAssertEqual(third["$s4Yams4MarkV4lineSivg"], "Mark.line.getter")
  }

  /// A few names asked of a large cache are read from it alone: the answer has exactly those,
  /// even beside names of the same length.
  func testAFewNamesAreReadFromTheCacheWithoutTheOthers() throws {
    let folder = try toolchainFolder()
    let cache = try temporaryFolder()
    let names = [
      "$s4Yams4MarkV11descriptionSSvg", "$s4Yams4MarkV4lineSivg", "$s4Yams4MarkV4lineSivs",
    ]
    _ = Demangler(toolchainFolder: folder, cacheFolder: cache).demangle(names)
    let failing = RecordedRunner(captures: [:])
    let one = Demangler(toolchainFolder: folder, cacheFolder: cache, runner: failing).demangle([
      "$s4Yams4MarkV4lineSivg"
    ])
    XCTAssertEqual(one, ["$s4Yams4MarkV4lineSivg": "Mark.line.getter"])
    XCTAssertEqual(failing.commands, [])
  }

  /// Names looked up by halving in a sorted cache are those a whole read finds: first, last,
  /// every one between, and no name that is absent (before, between, after, a prefix).
  func testLookingUpByHalvingFindsWhatAWholeReadFinds() throws {
    let cache = try temporaryFolder() + "/names.tsv"
    var generator = SystemRandomNumberGenerator()
    let names = Set(
      (0..<3000).map { index -> String in
        let length = Int.random(in: 1..<60, using: &generator)
        return "$s\(index)"
          + String((0..<length).map { _ in "abcXYZé_:".randomElement(using: &generator)! })
      })
    let lines = names.sorted().map { "\($0)\treadable \($0.count)\n" }
    try lines.joined().write(toFile: cache, atomically: true, encoding: .utf8)
    // The whole file read line by line: the answer halving must give.
    let whole = Dictionary(
      try String(contentsOfFile: cache, encoding: .utf8).split(separator: "\n").map { line in
        let fields = line.split(separator: "\t", maxSplits: 1)
        return (String(fields[0]), String(fields[1]))
      }, uniquingKeysWith: { first, _ in first })
    XCTAssertEqual(whole.count, names.count)
    let sorted = names.sorted()
    let present = [sorted.first!, sorted.last!] + sorted.shuffled().prefix(200)
    let absent = ["", "$", "zzz", sorted[10] + "x", String(sorted[10].dropLast()), "$s0"].filter {
      !names.contains($0)
    }
    let found = Demangler.lookUp(Set(present + absent), inCache: cache)
    XCTAssertEqual(found, whole.filter { present.contains($0.key) })
  }

  /// Every name found in the cache comes back in the names' order, repeats included, with no
  /// demangler run; a name missing from the cache comes back nil, the others found all the
  /// same; no cache file: all nil.
  func testAllNamesFromTheCacheInTheirOrder() throws {
    let cache = try temporaryFolder() + "/names.tsv"
    let names = (0..<500).map { "$s\($0)name" }
    let lines = names.sorted().map { "\($0)\treadable \($0)\n" }
    try lines.joined().write(toFile: cache, atomically: true, encoding: .utf8)
    let asked = names.shuffled() + names.prefix(20)
    XCTAssertEqual(
      Demangler.cachedNames(asked, inCache: cache), asked.map { "readable \($0)" })
    XCTAssertEqual(
      Demangler.cachedNames(asked + ["$sabsent"], inCache: cache),
      asked.map { "readable \($0)" } + [nil])
    XCTAssertEqual(
      Demangler.cachedNames(asked, inCache: cache + ".missing"), asked.map { _ in nil })
    XCTAssertEqual(Demangler.cachedNames([], inCache: cache), [])
  }

  /// In order, readable names equal the dictionary's, from the cache or from the demangler.
  func testReadableNamesInOrderEqualTheDictionary() throws {
    let folder = try toolchainFolder()
    let cache = try temporaryFolder()
    let names = ["$s4Yams4MarkV4lineSivg", "plain", "$s4Yams4MarkV4lineSivg"]
    let demangler = Demangler(toolchainFolder: folder, cacheFolder: cache)
    let readable = demangler.demangle(names)
    XCTAssertEqual(demangler.readableNames(names), names.map { readable[$0]! })
    let failing = RecordedRunner(captures: [:])
    let cached = Demangler(toolchainFolder: folder, cacheFolder: cache, runner: failing)
      .readableNames(names)
    XCTAssertEqual(cached, names.map { readable[$0]! })
    XCTAssertEqual(failing.commands, [])
  }

  /// Without the demangler names stay as they are, and nothing is cached.
  func testAFailedDemanglerLeavesNamesAndNoCache() throws {
    let folder = try toolchainFolder()
    let cache = try temporaryFolder()
    let names = Demangler(
      toolchainFolder: folder, cacheFolder: cache, runner: RecordedRunner(captures: [:])
    )
    .demangle(["$s4Yams4MarkV11descriptionSSvg"])
    XCTAssertEqual(names, ["$s4Yams4MarkV11descriptionSSvg": "$s4Yams4MarkV11descriptionSSvg"])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache), [])
  }

  /// A large batch is split over two processes; every name keeps its own readable name.
  func testALargeBatchIsDemangledInTwoProcessesWithoutMixingNames() throws {
    let folder = try toolchainFolder()
    let plain = (0..<5000).map { "plain_function_\($0)" }
    let mangled = [
      "$s4Yams4MarkV11descriptionSSvg": "Mark.description.getter",
      "$s4Yams4MarkV4lineSivg": "Mark.line.getter",
    ]
    let runner = CountingRunner()
    let names = Demangler(toolchainFolder: folder, runner: runner).demangle(plain + mangled.keys)
    XCTAssertEqual(runner.count, 2)
    XCTAssertEqual(names.count, 5002)
    for name in plain { XCTAssertEqual(names[name], name) }
    for (name, readable) in mangled { XCTAssertEqual(names[name], readable) }
  }

  /// In the process, the toolchain's library names every function of a real export (Yams:
  /// generics, closures, private functions behind a file prefix) exactly as `swift-demangle`
  /// does, over two threads as over one; so do names that are not Swift symbols.
  func testTheLibraryNamesEveryFunctionAsSwiftDemangleDoes() throws {
    let folder = try toolchainFolder()
    let inProcess = Demangler(toolchainFolder: folder)
    #if os(Linux)
      XCTAssertNotNil(
        SwiftDemangleLibrary.load(toolchainFolder: folder, name: "libswiftDemangle.so"),
        "libswiftDemangle.so beside \(folder)")
    #endif
    let export = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../LLVMCoverageTests/Fixtures/yams/swiftpm-export.json")
    let json = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: export)) as? [String: Any])
    let data = try XCTUnwrap((json["data"] as? [[String: Any]])?.first)
    let yams = try XCTUnwrap(data["functions"] as? [[String: Any]]).compactMap {
      $0["name"] as? String
    }
    XCTAssertGreaterThan(yams.count, 500)
    let odd = ["not_mangled", "main", "a.swift:$sNotASymbol", "$s", "_$s4Yams4MarkV4lineSivg", ""]
    // Past 2,000 names the library splits them over two threads.
    for names in [yams.prefix(300) + odd, yams + yams.map { "Other.swift:\($0)" } + odd] {
      let byProcess = Demangler(toolchainFolder: folder, runner: LiveCommandRunner())
        .readableNames(Array(names))
      XCTAssertEqual(inProcess.readableNames(Array(names)), byProcess)
      XCTAssertNotEqual(byProcess.prefix(300), names.prefix(300), "the process demangled them")
    }
  }

  /// Only what the cache holds, demangling nothing: nil for a name it lacks, and for all
  /// without a cache.
  func testCachedNamesAreOnlyLookedUp() throws {
    let folder = try toolchainFolder()
    let demangler = Demangler(toolchainFolder: folder, cacheFolder: try temporaryFolder())
    let names = ["plain", "$s4Yams4MarkV11descriptionSSvg", "$s4Yams4MarkV4lineSivg", "plain"]
    XCTAssertEqual(demangler.cachedNames(names), [nil, nil, nil, nil])
    _ = demangler.readableNames(["$s4Yams4MarkV4lineSivg", "plain"])
    XCTAssertEqual(demangler.cachedNames(names), ["plain", nil, "Mark.line.getter", "plain"])
    XCTAssertEqual(Demangler(toolchainFolder: folder).cachedNames(names), [nil, nil, nil, nil])
  }

  /// Saved later, new names reach the cache on the late writes' thread: not before the names
  /// are returned, all of them once `LateWrites.finish()` returns.
  func testNamesSavedLaterAreCachedOnceTheLateWritesFinish() throws {
    let folder = try toolchainFolder()
    let demangler = Demangler(
      toolchainFolder: folder, cacheFolder: try temporaryFolder(), savesCacheLater: true)
    let names = ["$s4Yams4MarkV4lineSivg", "plain"]
    // Holds the late writes' thread until the names are back.
    let held = DispatchSemaphore(value: 0)
    LateWrites.enqueue { held.wait() }
    XCTAssertEqual(demangler.readableNames(names), ["Mark.line.getter", "plain"])
    XCTAssertEqual(demangler.cachedNames(names), [nil, nil], "not saved yet")
    held.signal()
    LateWrites.finish()
    XCTAssertEqual(demangler.cachedNames(names), ["Mark.line.getter", "plain"])
  }

  /// The cache rewritten: the old lines kept (a damaged one dropped) with the new names, all
  /// sorted by name byte by byte, as sorting the names' UTF-8 gives.
  func testTheCacheIsRewrittenWithTheOldLinesAndTheNewSortedByBytes() {
    var generator = SystemRandomNumberGenerator()
    func randomName() -> String {
      "$s"
        + String(
          (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
            "aAzZ_9é$.".randomElement(using: &generator)!
          })
    }
    let names = Array(Set((0..<2000).map { _ in randomName() }))
    let (kept, added) = (names.prefix(700), names.dropFirst(700))
    let old = kept.map { "\($0)\told \($0)\n" }.joined() + "damaged line without a tab\n"
    let text = Array(old.utf8).withUnsafeBufferPointer {
      Demangler.cacheText(keeping: $0, adding: added.map { ($0, "new \($0)") })
    }
    let expected = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      .map { "\($0)\t\(kept.contains($0) ? "old" : "new") \($0)\n" }.joined()
    XCTAssertEqual(String(decoding: text, as: UTF8.self), expected)
    XCTAssertEqual(Demangler.cacheText(keeping: nil, adding: []), [])
  }

  /// The symbol handed to swift-demangle: after the file prefix of a private function.
  func testTheSymbolFollowsTheLastFilePrefix() {
    XCTAssertEqual(Demangler.symbol(of: "$s4Yams4MarkV"), "$s4Yams4MarkV")
    XCTAssertEqual(Demangler.symbol(of: "Sources/Yams/Mark.swift:$s4Yams4MarkV"), "$s4Yams4MarkV")
    XCTAssertEqual(Demangler.symbol(of: "Sources/é:x/Mark.swift:$s4Yams4MarkV"), "$s4Yams4MarkV")
    XCTAssertEqual(Demangler.symbol(of: "a.swift:_$s4Yams4MarkV"), "_$s4Yams4MarkV")
    XCTAssertEqual(Demangler.symbol(of: "a:$s1:_$s2"), "$s1:_$s2", "':$s' wins over a later ':_$s'")
    XCTAssertEqual(Demangler.symbol(of: ":$"), ":$")
    XCTAssertEqual(Demangler.symbol(of: ""), "")
  }
}

/// The live runner, counting the commands it ran.
private final class CountingRunner: CommandRunning, @unchecked Sendable {
  private let lock = NSLock()
  private var runs = 0
  var count: Int { lock.withLock { runs } }

  func capture(_ executable: String, _ arguments: [String], in directory: String?) throws
    -> CommandResult
  {
    lock.withLock { runs += 1 }
    return try LiveCommandRunner().capture(executable, arguments, in: directory)
  }

  func stream(
    _ executable: String, _ arguments: [String], in directory: String?, timeout: TimeInterval?
  ) throws -> StreamResult {
    try LiveCommandRunner().stream(executable, arguments, in: directory, timeout: timeout)
  }
}
