/// Which tests ran each function: written by a per-test run as `covgate-test-map.json`, for
/// `covgate tests-for` and the reports, and kept by CI as an artefact.
public struct TestMap: Sendable, Equatable, Codable {
  public static let fileName = "covgate-test-map.json"
  public static let currentSchemaVersion = 1

  public var schemaVersion = Self.currentSchemaVersion
  /// The commit the tests ran on (empty outside git).
  public var commit: String
  /// The build IDs of the test binaries the profiles came from.
  public var binaries: [String]
  public var tests: [TestCaseResult]
  /// The package's own functions (kept files only), sorted by file and line.
  public var functions: [Function]
  /// Per test, in the order of `tests`, the indexes in `functions` of those it ran.
  public var ran: [[Int]]
  /// Per package-relative file, the lines of code no test ran in the whole run, as runs of
  /// lines (`[first, last]`); nil in a map written without line data (older maps).
  public var linesNeverRun: [String: [[Int]]]?
  /// Per test, in the order of `tests`, per package-relative file, the runs of lines
  /// (`[first, last]`) it ran, as llvm-cov counts lines; a file it ran no line of is left out.
  /// Only files whose lines covgate could read from the binaries' coverage mapping are here
  /// (the function map answers for the others); nil in a map without line data (older maps, a
  /// binary whose mapping could not be read). Older readers ignore it.
  public var linesRan: [[String: [[Int]]]]?

  /// A function of a kept file.
  public struct Function: Sendable, Hashable, Codable {
    /// As in the export (mangled for Swift).
    public var name: String
    /// Package-relative.
    public var file: String
    public var firstLine: Int
    public var lastLine: Int

    public init(name: String, file: String, firstLine: Int, lastLine: Int) {
      self.name = name
      self.file = file
      self.firstLine = firstLine
      self.lastLine = lastLine
    }
  }

  public init(
    commit: String, binaries: [String], tests: [TestCaseResult], functions: [Function],
    ran: [[Int]],
    linesNeverRun: [String: [[Int]]]? = nil, linesRan: [[String: [[Int]]]]? = nil
  ) {
    self.commit = commit
    self.binaries = binaries
    self.tests = tests
    self.functions = functions
    self.ran = ran
    self.linesNeverRun = linesNeverRun
    self.linesRan = linesRan
  }

  /// Per function (by index), the indexes of the tests that ran it.
  public func testsByFunction() -> [[Int]] {
    var byFunction = [[Int]](repeating: [], count: functions.count)
    for (test, functions) in ran.enumerated() {
      for function in functions where function < byFunction.count {
        byFunction[function].append(test)
      }
    }
    return byFunction
  }

  /// The tests that ran a function of `file` whose lines hold `line` (the innermost first).
  public func tests(file: String, line: Int) -> [TestCaseResult] {
    tests(file: file, line: line, byFunction: testsByFunction())
  }

  /// `tests(file:line:)` with `testsByFunction()` given, for a caller that asks about many lines.
  public func tests(file: String, line: Int, byFunction: [[Int]]) -> [TestCaseResult] {
    let holding = functions.indices.filter { index in
      let function = functions[index]
      return function.file == file && function.firstLine <= line && line <= function.lastLine
    }
    var seen = Set<Int>()
    return holding.sorted {
      functions[$0].lastLine - functions[$0].firstLine < functions[$1].lastLine
        - functions[$1].firstLine
    }
    .flatMap { byFunction[$0] }.filter { seen.insert($0).inserted }.map { tests[$0] }
  }

  /// What the map says of `file` and `line`: the tests of the functions holding the line, or
  /// why it cannot say.
  public enum LineAnswer: Equatable, Sendable {
    /// The tests that ran a function holding the line, the innermost function's first (none:
    /// the function ran in no test).
    case tests([TestCaseResult])
    /// The line is code no test ran; these tests (at least one) ran the function holding it.
    case lineNeverRan(functionTests: [TestCaseResult])
    /// No function of the map is in the file: not a measured source (a test file, an excluded
    /// or unbuilt file, a typo).
    case fileNotInMap
    /// The file is in the map but no function holds the line; its functions span `lines`.
    case outsideFunctions(lines: ClosedRange<Int>)
  }

  /// The answer `covgate tests-for FILE:LINE` gives.
  public func answer(file: String, line: Int) -> LineAnswer {
    answer(file: file, line: line, byFunction: testsByFunction())
  }

  /// `answer(file:line:)` with `testsByFunction()` given, for a caller that asks about many lines.
  public func answer(file: String, line: Int, byFunction: [[Int]]) -> LineAnswer {
    let inFile = functions.filter { $0.file == file }
    guard let first = inFile.map(\.firstLine).min(), let last = inFile.map(\.lastLine).max() else {
      return .fileNotInMap
    }
    guard inFile.contains(where: { $0.firstLine <= line && line <= $0.lastLine }) else {
      return .outsideFunctions(lines: first...last)
    }
    let tests = tests(file: file, line: line, byFunction: byFunction)
    // A function no test ran says more than its line that never ran.
    if !tests.isEmpty, let runs = linesNeverRun?[file],
      runs.contains(where: { $0.count == 2 && $0[0] <= line && line <= $0[1] })
    {
      return .lineNeverRan(functionTests: tests)
    }
    return .tests(tests)
  }

  /// The tests that ran `line` of `file` by the per-line data; where it says nothing of the
  /// line (no line data, a file or line it does not know), the answer by function
  /// (`answer(file:line:byFunction:)`). What a mutant on the line is given.
  public func answerByLine(file: String, line: Int, byFunction: [[Int]]) -> LineAnswer {
    let byFunctionAnswer = answer(file: file, line: line, byFunction: byFunction)
    // A line no test ran, or a function no test ran, is said by function already.
    guard let linesRan, case .tests(let functionTests) = byFunctionAnswer, !functionTests.isEmpty
    else { return byFunctionAnswer }
    let ran = zip(tests, linesRan).filter { _, files in
      files[file]?.contains { $0.count == 2 && $0[0] <= line && line <= $0[1] } ?? false
    }
    return ran.isEmpty ? byFunctionAnswer : .tests(ran.map(\.0))
  }

  /// The IDs of the tests that ran any function of `file`.
  public func testsRunning(file: String) -> Set<String> {
    var ids = Set<String>()
    for (test, functions) in zip(tests, ran)
    where functions.contains(where: { $0 < self.functions.count && self.functions[$0].file == file }
    ) {
      ids.insert(test.id)
    }
    return ids
  }

  /// Per package-relative file, how many tests ran any of its functions.
  public func testCountByFile() -> [String: Int] {
    var testsByFile: [String: Set<Int>] = [:]
    for (test, functions) in ran.enumerated() {
      for function in functions where function < self.functions.count {
        testsByFile[self.functions[function].file, default: []].insert(test)
      }
    }
    return testsByFile.mapValues(\.count)
  }

  /// The maps of shards of one run as one map: functions joined by file and name, the tests of
  /// every map (a test in several maps is kept once, as the first has it), sorted by ID.
  ///
  /// - Returns: `nil` when the maps come from different commits.
  public static func merged(_ maps: [TestMap]) -> TestMap? {
    guard let first = maps.first, maps.allSatisfy({ $0.commit == first.commit }) else { return nil }
    let functions = Array(Set(maps.flatMap(\.functions))).sorted {
      ($0.file, $0.firstLine, $0.name, $0.lastLine) < ($1.file, $1.firstLine, $1.name, $1.lastLine)
    }
    let index = Dictionary(uniqueKeysWithValues: functions.enumerated().map { ($1, $0) })
    var tests: [(TestCaseResult, [Int], [String: [[Int]]])] = []
    var seen = Set<String>()
    for map in maps {
      for (number, (test, ran)) in zip(map.tests, map.ran).enumerated()
      where seen.insert(test.id).inserted {
        let lines = map.linesRan.flatMap { number < $0.count ? $0[number] : nil } ?? [:]
        tests.append((test, ran.compactMap { index[map.functions[$0]] }.sorted(), lines))
      }
    }
    tests.sort { $0.0.id < $1.0.id }
    // Line data only when every shard has it: a shard without it would leave its tests out.
    let hasLines = maps.allSatisfy { $0.linesRan != nil }
    return TestMap(
      commit: first.commit, binaries: Array(Set(maps.flatMap(\.binaries))).sorted(),
      tests: tests.map(\.0),
      functions: functions, ran: tests.map(\.1), linesNeverRun: mergedLinesNeverRun(maps),
      linesRan: hasLines ? tests.map(\.2) : nil)
  }

  /// Lines no test of any shard ran: those never run in every shard (a shard's map lists its
  /// own run's). Nil unless every map has line data.
  static func mergedLinesNeverRun(_ maps: [TestMap]) -> [String: [[Int]]]? {
    let all = maps.compactMap(\.linesNeverRun)
    guard all.count == maps.count, let first = all.first else { return nil }
    func lines(_ runs: [[Int]]) -> Set<Int> {
      Set(runs.filter { $0.count == 2 && $0[0] <= $0[1] }.flatMap { $0[0]...$0[1] })
    }
    var merged: [String: [[Int]]] = [:]
    for file in first.keys {
      let common = all.dropFirst().reduce(lines(first[file] ?? [])) {
        $0.intersection(lines($1[file] ?? []))
      }
      if !common.isEmpty { merged[file] = Self.runs(of: common) }
    }
    return merged
  }

  /// Sorted lines as runs of consecutive lines, `[first, last]` each.
  public static func runs(of lines: some Sequence<Int>) -> [[Int]] {
    var runs: [[Int]] = []
    for line in lines.sorted() {
      if let last = runs.last?.last, last + 1 == line {
        runs[runs.count - 1][1] = line
      } else if runs.last?.last != line {
        runs.append([line, line])
      }
    }
    return runs
  }
}
