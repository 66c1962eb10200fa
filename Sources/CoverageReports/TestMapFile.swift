import CoverageModel
import Foundation

/// `covgate-test-map.json`: which tests ran each function, written with the other reports
/// whenever a per-test run made one, whatever `--format` says.
public struct TestMapFile: ReportRenderer {
  public init() {}

  public func render(_ report: CoverageReport) throws -> [RenderedFile] {
    guard let map = report.testMap else { return [] }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return [RenderedFile(path: TestMap.fileName, contents: String(decoding: try encoder.encode(map), as: UTF8.self))]
  }

  /// Reads a map written by `render`.
  public static func read(path: String) throws -> TestMap {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TestMapError(path: path, reason: "there is no test map; run `covgate run --per-test` first, or pass --map FILE")
    }
    do {
      let map = try JSONDecoder().decode(TestMap.self, from: data)
      guard map.schemaVersion == TestMap.currentSchemaVersion, map.ran.count == map.tests.count else {
        throw TestMapError(path: path, reason: "not a test map of this covgate version; run `covgate run --per-test` again")
      }
      return map
    } catch let error as TestMapError {
      throw error
    } catch {
      throw TestMapError(path: path, reason: "not a covgate test map (\(error.localizedDescription)); run `covgate run --per-test` again")
    }
  }
}

/// A test map covgate cannot use; one line.
public struct TestMapError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): \(reason)" }
}
