import CoverageGate
import CoverageModel
import Foundation
import LLVMCoverage

/// The questions the test map a per-test run wrote answers: which tests a change needs
/// (`covgate affected`) and which tests ran a line (`covgate tests-for`). The map is found in
/// the run's output folder, as `RunSettings` places it.
public struct TestMapQueries: Sendable {
  public let root: String
  /// The map's path: the one given, or the output folder's.
  public let mapPath: String
  public let services: PipelineServices

  /// - Parameters:
  ///   - map: a test map file given on the command line, if any.
  ///   - outputFolder: the folder `covgate run --per-test` wrote to (default: the package's).
  public init(root: String, map: String?, outputFolder: String?, services: PipelineServices) {
    self.root = root
    self.mapPath =
      map ?? "\(outputFolder ?? RunSettings.defaultOutputFolder(root: root))/\(TestMap.fileName)"
    self.services = services
  }

  /// The tests the changes since the merge base with `base` need, with the map and the merge
  /// base they were chosen from.
  public func affected(since base: String) throws -> (
    affected: AffectedTests, map: TestMap, mergeBase: String
  ) {
    let map = try TestMapReader.read(path: mapPath)
    let described = try services.acquisition.describePackage(
      root: root, swift: try services.acquisition.locateSwift(), cacheFolder: nil)
    let testFolders = described.targets.filter { $0.kind == .test }.map { ($0.name, $0.path + "/") }
    let (changes, stale, mergeBase) = try services.changes.affectedChanges(
      since: base, mapCommit: map.commit, root: root)
    let named = readable(map, inFiles: Set(changes.map(\.path)))
    let affected = AffectedTests.select(map: named, changes: changes, stale: stale) { path in
      testFolders.first { path.hasPrefix($0.1) }?.0
    }
    return (affected, map, mergeBase)
  }

  /// The map with the functions of `files` under their demangled names, as the reasons name
  /// them (the map keeps the mangled ones; Swift's are unreadable). A name the toolchain cannot
  /// demangle stays as it is.
  private func readable(_ map: TestMap, inFiles files: Set<String>) -> TestMap {
    let wanted = Set(map.functions.filter { files.contains($0.file) }.map(\.name))
    guard !wanted.isEmpty else { return map }
    let names = services.acquisition.demangle(wanted.sorted(), cacheFolder: nil)
    var named = map
    for index in named.functions.indices {
      if let name = names[named.functions[index].name] { named.functions[index].name = name }
    }
    return named
  }

  /// The tests that ran `line` of `file` (package-relative), by the map's lines; where the map
  /// has none for it, the tests that ran its function; or why the map cannot say.
  public func tests(file: String, line: Int) throws -> TestMap.LineAnswer {
    let map = try TestMapReader.read(path: mapPath)
    return map.answerByLine(file: file, line: line, byFunction: map.testsByFunction())
  }
}
