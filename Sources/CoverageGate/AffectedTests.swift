import CoverageModel

/// The tests a change needs, from a test map: the tests that ran each changed function, or every
/// test that could be affected, with the reason, when a change cannot be put on functions of the
/// map (it must be safe before it is small).
public struct AffectedTests: Sendable, Equatable {
  /// The selected tests, in the map's order, each with why.
  public var tests: [Selected]
  /// Why everything was selected, when it was (the first few reasons).
  public var everything: [String]
  /// Test modules whose files changed: new tests there are not in the map, so the filter takes
  /// the whole module.
  public var modules: [String]
  /// Changed files no test reads (git and CI settings, covgate's own files, the package's
  /// top-level documents), each with why it selects nothing.
  public var ignored: [String] = []

  public struct Selected: Sendable, Equatable {
    public var test: TestCaseResult
    public var reasons: [String]
  }

  /// A changed file, with old-side lines as the map numbers them.
  public struct Change: Sendable, Equatable {
    public var path: String
    /// Lines of the map's version that the change modified or deleted.
    public var oldLines: [Int]
    /// Lines of the map's version after which lines were inserted.
    public var insertedAfter: [Int]
    public var isNew: Bool
    public var isDeleted: Bool
    /// Modified lines as text, old line number to (old text, new text), where the diff pairs a
    /// removed line with an added one (a hunk replacing as many lines as it removes).
    public var replaced: [Int: Replacement] = [:]

    public init(
      path: String, oldLines: [Int] = [], insertedAfter: [Int] = [], isNew: Bool = false,
      isDeleted: Bool = false,
      replaced: [Int: Replacement] = [:]
    ) {
      self.path = path
      self.oldLines = oldLines
      self.insertedAfter = insertedAfter
      self.isNew = isNew
      self.isDeleted = isDeleted
      self.replaced = replaced
    }
  }

  /// A line's text before and after a change.
  public struct Replacement: Sendable, Equatable {
    public var old: String
    public var new: String

    public init(old: String, new: String) {
      self.old = old
      self.new = new
    }

    /// Whether only the body of a function written on one line changed: the text up to its
    /// last `{` is the same before and after. The body's brace comes after the signature, so
    /// whatever follows the last `{` is inside the body (a change before it may be the
    /// signature's, which callers depend on).
    public var changesOnlyAOneLineBody: Bool {
      guard let oldBrace = old.lastIndex(of: "{"), let newBrace = new.lastIndex(of: "{") else {
        return false
      }
      return old[...oldBrace] == new[...newBrace]
    }
  }

  /// - Parameters:
  ///   - testModule: the test target a package-relative file belongs to, if any.
  ///   - stale: why the map cannot answer for these changes (another commit's files): every test.
  public static func select(
    map: TestMap, changes: [Change], stale: [String] = [], testModule: (String) -> String?
  ) -> AffectedTests {
    let byFunction = map.testsByFunction()
    let functionsByFile = Dictionary(
      grouping: map.functions.indices, by: { map.functions[$0].file })
    var reasons: [Int: [String]] = [:]
    var everything: [String] = stale
    var modules = Set<String>()
    var ignored: [String] = []
    func all(_ reason: String) { everything.append(reason) }
    // Build output is never source (a work tree may hold it if nothing ignores it).
    for change in changes where !change.path.hasPrefix(".build/") {
      if let reason = readByNoTest(change.path) {
        ignored.append("\(change.path) (\(reason))")
        continue
      }
      if let module = testModule(change.path) {
        modules.insert(module)
        for (index, test) in map.tests.enumerated() where test.id.hasPrefix(module + ".") {
          reasons[index, default: []].append("its test file \(change.path) changed")
        }
        continue
      }
      let name = change.path.split(separator: "/").last ?? ""
      if name == "Package.swift" || name.hasPrefix("Package@swift") {
        all("the package manifest \(change.path) changed")
        continue
      }
      guard change.path.hasSuffix(".swift") else {
        all("\(change.path) changed (not Swift source: a manifest, a resource or a script)")
        continue
      }
      guard let indexes = functionsByFile[change.path], !change.isNew else {
        all("\(change.path) is not in the test map (a new file, or one no test ran)")
        continue
      }
      if change.isDeleted {
        all("\(change.path) was deleted")
        continue
      }
      func innermost(_ holds: (TestMap.Function) -> Bool) -> Int? {
        indexes.filter { holds(map.functions[$0]) }.min {
          map.functions[$0].lastLine - map.functions[$0].firstLine < map.functions[$1].lastLine
            - map.functions[$1].firstLine
        }
      }
      for line in change.oldLines {
        // A function written on one line whose signature stayed: the tests that ran it (every
        // function starting and ending on that line, as several can share it).
        let oneLine = indexes.filter {
          map.functions[$0].firstLine == line && map.functions[$0].lastLine == line
        }
        if !oneLine.isEmpty, change.replaced[line]?.changesOnlyAOneLineBody == true {
          for function in oneLine {
            for test in byFunction[function] {
              reasons[test, default: []].append(
                "ran \(map.functions[function].name) (its one-line body changed at \(change.path):\(line))"
              )
            }
          }
          continue
        }
        // The first line holds the signature (and the body's opening brace): callers may change.
        guard let function = innermost({ $0.firstLine < line && line <= $0.lastLine }) else {
          all(
            "\(change.path):\(line) changed outside any function body (a declaration, a signature, a new function)"
          )
          continue
        }
        for test in byFunction[function] {
          reasons[test, default: []].append(
            "ran \(map.functions[function].name) (\(change.path):\(line) changed)")
        }
      }
      for line in change.insertedAfter {
        guard let function = innermost({ $0.firstLine <= line && line + 1 <= $0.lastLine }) else {
          all("lines inserted after \(change.path):\(line), outside any function body")
          continue
        }
        for test in byFunction[function] {
          reasons[test, default: []].append(
            "ran \(map.functions[function].name) (lines inserted after \(change.path):\(line))")
        }
      }
    }
    // A test whose run left no coverage (it crashed or timed out) may run anything.
    for (index, test) in map.tests.enumerated()
    where test.status == .crashed || test.status == .timedOut {
      reasons[index, default: []].append(
        "its coverage is unknown (it \(test.status == .crashed ? "crashed" : "timed out") in the map's run)"
      )
    }
    if !everything.isEmpty {
      for index in map.tests.indices {
        reasons[index, default: []].append("every test: \(everything[0])")
      }
    }
    var affected = AffectedTests(
      tests: reasons.keys.sorted().map {
        Selected(test: map.tests[$0], reasons: Array(Set(reasons[$0]!)).sorted())
      },
      everything: everything, modules: modules.sorted())
    affected.ignored = ignored
    return affected
  }

  /// Why no test reads a package-relative file, or `nil` when one may: git's and CI's settings,
  /// covgate's own config, baseline and history, and documents at the package's top level (a
  /// document inside a target's folder may be one of its resources).
  static func readByNoTest(_ path: String) -> String? {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    switch path {
    case ".gitignore", ".gitattributes", ".gitmodules", ".gitlab-ci.yml", ".swift-format",
      ".swiftlint.yml":
      return "a tool's settings"
    case ".covgate.yml", ".covgate-baseline.json":
      return "covgate's own file"
    default:
      if path.hasPrefix(".github/") { return "CI settings" }
      if path.hasPrefix(".covgate/") { return "covgate's run history" }
      let upper = name.uppercased()
      if !path.contains("/"),
        upper.hasPrefix("README") || upper.hasPrefix("CHANGELOG") || upper.hasPrefix("LICENSE")
          || upper.hasPrefix("CONTRIBUTING")
      {
        return "a document at the package's top level"
      }
      return nil
    }
  }
}
