import Foundation
import XCTest

/// Runs the built `campground` binary, as a user would, against a database in a temporary folder.
final class CampgroundExecutableTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "campground-exe-\(UUID().uuidString)")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private var executable: URL {
    get throws {
      #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
          .deletingLastPathComponent()
      #else
        let products: URL? = Bundle.main.bundleURL
      #endif
      guard let url = products?.appendingPathComponent("campground"),
        FileManager.default.isExecutableFile(atPath: url.path)
      else { throw XCTSkip("the campground executable is not built") }
      return url
    }
  }

  private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String)
  {
    let process = Process()
    process.executableURL = try executable
    process.arguments = arguments
    process.environment = ["CAMPGROUND_DATABASE": folder.appendingPathComponent("db.sqlite").path]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: stdout, as: UTF8.self),
      String(decoding: stderr, as: UTF8.self)
    )
  }

  func testUserCanAddAndListSites() throws {
    XCTAssertEqual(try run(["add-site", "--number", "2", "--rate", "12.5"]).status, 0)

    let listed = try run(["sites"])

    XCTAssertEqual(listed.status, 0)
    XCTAssertTrue(listed.stdout.contains("   2  no           no     12.50"), listed.stdout)
  }

  func testBadInputGivesOneLineErrorAndNonZeroExit() throws {
    XCTAssertEqual(try run(["add-site", "--number", "1", "--rate", "10"]).status, 0)
    XCTAssertEqual(try run(["add-camper", "--name", "Ada", "--phone", "1"]).status, 0)

    let refused = try run([
      "reserve", "--camper", "1", "--site", "1", "--from", "2025-06-01", "--nights", "0",
    ])
    let duplicate = try run(["add-site", "--number", "1", "--rate", "10"])

    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.stderr, "Error: Invalid number of days: 0 (a stay is 1 to 365 nights)\n")
    XCTAssertEqual(duplicate.status, 1)
    XCTAssertEqual(duplicate.stderr, "Error: Site 1 already exists\n")
  }

  func testMalformedFlagIsAUsageError() throws {
    let result = try run([
      "reserve", "--camper", "1", "--site", "1", "--from", "June", "--nights", "1",
    ])

    XCTAssertEqual(result.status, 64)
    XCTAssertTrue(
      result.stderr.hasPrefix("Error: The value 'June' is invalid for '--from <day>'\n"),
      result.stderr)
  }
}
