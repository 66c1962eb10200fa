import CoverageModel

/// `covgate-test-map.json`: which tests ran each function, written with the other reports
/// whenever a per-test run made one, whatever `--format` says; keys sorted, no spaces (read back
/// by `TestMapReader`).
public struct TestMapFile: ReportRenderer {
  public init() {}

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    guard let map = report.testMap else { return [] }
    return [RenderedFile(path: TestMap.fileName, contents: Self.json(map))]
  }

  /// The map as the file holds it.
  public static func json(_ map: TestMap) -> String {
    var json = JSONWriter()
    json.object { json in
      json.key("binaries")
      json.array(map.binaries) { $0.string($1) }
      json.key("commit")
      json.string(map.commit)
      json.key("functions")
      json.array(map.functions) { json, function in
        json.object { json in
          json.key("file")
          json.string(function.file)
          json.key("firstLine")
          json.int(function.firstLine)
          json.key("lastLine")
          json.int(function.lastLine)
          json.key("name")
          json.string(function.name)
        }
      }
      if let never = map.linesNeverRun {
        json.key("linesNeverRun")
        json.object { json in
          for file in never.keys.sorted() {
            json.key(file)
            json.array(never[file] ?? []) { json, run in json.array(run) { $0.int($1) } }
          }
        }
      }
      if let linesRan = map.linesRan {
        // Files named once, by index; per test, per file: its index, then each run's first
        // and last line.
        let files = Array(Set(linesRan.flatMap(\.keys))).sorted()
        let index = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1, $0) })
        json.key("linesRan")
        json.object { json in
          json.key("files")
          json.array(files) { $0.string($1) }
          json.key("tests")
          json.array(linesRan) { json, test in
            json.array(test.keys.sorted()) { json, file in
              let runs = (test[file] ?? []).filter { $0.count == 2 }
              json.array([index[file] ?? 0] + runs.flatMap { $0 }) { $0.int($1) }
            }
          }
        }
      }
      json.key("ran")
      json.array(map.ran) { json, indexes in json.array(indexes) { $0.int($1) } }
      json.key("schemaVersion")
      json.int(map.schemaVersion)
      json.key("tests")
      json.array(map.tests) { $0.testResult($1) }
    }
    return json.finish()
  }
}

extension JSONWriter {
  /// One test run alone, as `covgate.json` and the test map both write it.
  mutating func testResult(_ test: TestCaseResult) {
    object { json in
      json.key("id")
      json.string(test.id)
      json.key("library")
      json.string(test.library.rawValue)
      json.key("seconds")
      json.double((test.seconds * 1000).rounded() / 1000)
      if let signal = test.signal {
        json.key("signal")
        json.int(signal)
      }
      json.key("status")
      json.string(test.status.rawValue)
    }
  }
}
