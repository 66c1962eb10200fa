import CoverageModel
import Foundation

@testable import LLVMCoverage

/// A second reading of an export with Foundation's JSON parser, independent of covgate's scanner,
/// so tests compare against exactly what llvm-cov wrote.
struct ExportJSON {
  /// One entry of `files[]`.
  struct File {
    var path: String
    var segments: [SegmentBuilder.Segment]
    var summary: Summary
  }

  var files: [File]
  var functions: [FunctionRecord]

  /// Reads a fixture, e.g. `yams/swiftpm-export.json`.
  init(fixture name: String) throws {
    let root = try required(
      JSONSerialization.jsonObject(with: Fixture.data(name)) as? [String: Any])
    let data = try required((root["data"] as? [[String: Any]])?.first)
    files = try (data["files"] as? [[String: Any]] ?? []).map(Self.file)
    functions = try (data["functions"] as? [[String: Any]] ?? []).map(Self.function)
  }

  /// The file of `path`.
  func file(_ path: String) throws -> File {
    try required(files.first { $0.path == path })
  }

  private static func file(_ object: [String: Any]) throws -> File {
    let segments = try (object["segments"] as? [[Any]] ?? []).map { fields in
      SegmentBuilder.Segment(
        line: try int(fields[0]), column: try int(fields[1]), count: try count(fields[2]),
        hasCount: try bool(fields[3]), isRegionEntry: try bool(fields[4]),
        isGapRegion: try bool(fields[5]))
    }
    let summary = try required(object["summary"] as? [String: [String: Any]])
    func metric(_ key: String) throws -> Metric {
      let entry = try required(summary[key])
      return Metric(
        covered: try int(entry["covered"] as Any), count: try int(entry["count"] as Any))
    }
    return File(
      path: try required(object["filename"] as? String), segments: segments,
      summary: Summary(
        lines: try metric("lines"), functions: try metric("functions"),
        instantiations: try metric("instantiations"), regions: try metric("regions"),
        branches: try metric("branches")))
  }

  private static func function(_ object: [String: Any]) throws -> FunctionRecord {
    let regions = try (object["regions"] as? [[Any]] ?? []).map { fields in
      Region(
        lineStart: try int(fields[0]), columnStart: try int(fields[1]), lineEnd: try int(fields[2]),
        columnEnd: try int(fields[3]), count: try count(fields[4]), fileID: try int(fields[5]),
        expandedFileID: try int(fields[6]),
        kind: try required(Region.Kind(rawValue: try int(fields[7]))))
    }
    return FunctionRecord(
      name: try required(object["name"] as? String), count: try count(object["count"] as Any),
      regions: regions, filenames: try required(object["filenames"] as? [String]))
  }

  private static func int(_ value: Any) throws -> Int {
    if let number = value as? Int { return number }
    return try required((value as? NSNumber)?.intValue)
  }

  private static func count(_ value: Any) throws -> UInt64 {
    if let number = value as? Int, number >= 0 { return UInt64(number) }
    return try required((value as? NSNumber)?.uint64Value)
  }

  private static func bool(_ value: Any) throws -> Bool {
    if let flag = value as? Bool { return flag }
    return try required((value as? NSNumber)?.boolValue)
  }
}

/// A value the fixture must hold.
private func required<T>(_ value: T?) throws -> T {
  guard let value else { throw FixtureError.unexpectedShape }
  return value
}

private enum FixtureError: Error {
  case unexpectedShape
}
