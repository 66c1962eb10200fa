import CoverageAcquisition
import CoverageModel
import CoverageReports
import CovgateKit
import Foundation

@testable import CoverageGate

#if canImport(Glibc)
  import Glibc
#endif

/// What the fakes saw, in order, across all of them.
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String] = []

  func add(_ event: String) { lock.withLock { entries.append(event) } }
  var events: [String] { lock.withLock { entries } }
}

/// The toolchain and processes: answers from memory, records every call.
struct FakeAcquisition: CoverageAcquiring {
  let log: EventLog
  var package: PackageInfo
  /// The export a test run leaves, and how `swift test` ended.
  var exportPath: String
  var testExitCode: Int32 = 0
  var missingToolchain: ToolchainError?
  /// The export's opening, watched from before the run: describing waits for it (up to
  /// `readingWait` seconds) and says whether the export was opened by then.
  var reading: OpenWatch?
  var readingWait = 10.0
  /// What describing the package throws.
  var describeFails: (any Error)?
  /// The test executables a test run or a build folder's export covers, and how they update
  /// their counters.
  var binaries: [String] = []
  var counterUpdates = CounterUpdates.unknown
  let toolchain = Toolchain(
    swift: "/t/swift", llvmCov: "/t/llvm-cov", llvmProfdata: "/t/llvm-profdata")

  func locateToolchain() throws -> Toolchain {
    log.add("locate toolchain")
    if let missingToolchain { throw missingToolchain }
    return toolchain
  }

  func locateSwift() throws -> String {
    log.add("locate swift")
    return toolchain.swift
  }

  func describePackage(root: String, swift: String, cacheFolder: String?) throws -> PackageInfo {
    if let reading {
      log.add(reading.waitForOpen(seconds: readingWait) ? "export opened" : "export not opened")
    }
    log.add("describe \(swift)")
    if let describeFails { throw describeFails }
    return package
  }

  func runTests(
    _ request: TestRunRequest, toolchain: Toolchain,
    onStep: @escaping @Sendable (AcquisitionStep) -> Void
  ) throws -> Acquisition {
    log.add("run tests \(request.arguments.joined(separator: " "))")
    onStep(.test)
    var acquisition = Acquisition(exportPath: exportPath, testExitCode: testExitCode)
    acquisition.binaries = binaries
    return acquisition
  }

  func exportBuild(
    binPath: String, toolchain: Toolchain, onStep: @escaping @Sendable (AcquisitionStep) -> Void
  ) throws -> BuildExport {
    log.add("export build \(binPath)")
    return BuildExport(path: exportPath, binaries: binaries)
  }

  func exportProfile(_ profile: ProfileExport, toolchain: Toolchain) throws -> String {
    log.add("export profile \(profile.profdata) \(profile.objects.joined(separator: " "))")
    return exportPath
  }

  func counterUpdates(of binaries: [String]) -> CounterUpdates {
    log.add("counter updates \(binaries.joined(separator: " "))")
    return counterUpdates
  }

  func demangle(_ names: [String], cacheFolder: String?) -> [String: String] {
    log.add("demangle \(names.count)")
    return Dictionary(uniqueKeysWithValues: names.map { ($0, "readable \($0)") })
  }
}

/// git: the changes given, and the base it was asked about.
struct FakeChanges: ChangeProviding {
  let log: EventLog
  var files: [ChangedFile]
  /// What `affectedChanges` answers.
  var affected: [AffectedTests.Change] = []

  func changes(since base: String, root: String) throws -> ChangeSet {
    log.add("changes since \(base)")
    return ChangeSet(base: base, baseCommit: "abc123", files: files)
  }

  func checkBase(_ base: String, root: String) throws {
    log.add("check base \(base)")
    if base == "no-such-ref" { throw PatchError.baseNotFound(base: base) }
  }

  func affectedChanges(since base: String, mapCommit: String, root: String) throws
    -> (changes: [AffectedTests.Change], stale: [String], mergeBase: String)
  {
    log.add("affected changes since \(base)")
    return (affected, [], "abc123")
  }
}

/// A history database in memory.
final class FakeHistory: HistoryStoring, @unchecked Sendable {
  let log: EventLog
  var earlier: [HistoryPoint]
  private(set) var recorded: [CoverageReport] = []

  init(log: EventLog, earlier: [HistoryPoint]) {
    self.log = log
    self.earlier = earlier
  }

  func recentPoints(limit: Int) throws -> [HistoryPoint] {
    log.add("read history")
    return Array(earlier.suffix(limit))
  }

  func point(for report: CoverageReport) -> HistoryPoint {
    HistoryPoint(
      date: Date(timeIntervalSince1970: 0), commit: "now", passed: report.gate.passed,
      lines: report.totals.lines)
  }

  func record(_ report: CoverageReport) throws {
    log.add("record history")
    recorded.append(report)
  }
}

/// The output folder in memory.
final class CapturingOutput: ReportOutput, @unchecked Sendable {
  let log: EventLog
  private(set) var written: [String: String] = [:]
  var failure: Error?

  init(log: EventLog) { self.log = log }

  func write(_ files: [RenderedFile], to folder: String) throws {
    log.add("write \(files.map(\.path).sorted().joined(separator: " "))")
    if let failure { throw failure }
    for file in files { written["\(folder)/\(file.path)"] = file.contents }
  }
}

/// Phases and notices as they come.
struct RecordingObserver: PipelineObserving {
  let log: EventLog

  func phase(_ phase: Phase) { log.add("phase \(phase.rawValue)") }
  func notice(_ message: String) { log.add("notice \(message)") }
}

/// Whether a file is opened (by any thread) from now on: Linux's inotify.
final class OpenWatch: @unchecked Sendable {
  private let descriptor: Int32

  init(path: String) throws {
    descriptor = inotify_init1(Int32(IN_CLOEXEC))
    guard descriptor >= 0, inotify_add_watch(descriptor, path, UInt32(IN_OPEN)) >= 0 else {
      throw CocoaError(.fileReadUnknown)
    }
  }

  deinit { close(descriptor) }

  /// Whether the file was opened since the watch began, waiting up to `seconds` for it.
  func waitForOpen(seconds: Double) -> Bool {
    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&ready, 1, Int32(seconds * 1000)) == 1
  }
}
