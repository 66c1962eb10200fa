import Foundation
import NetworkKit
import XCTest

final class NetworkLoggerTests: XCTestCase {
  func testLineLoggerPassesEachLineToItsWriter() {
    let box = ResultBox<[String]>()
    box.value = []
    let logger = LineLogger { line in box.value?.append(line) }

    logger.log("first")
    logger.log("second")

    XCTAssertEqual(box.value, ["first", "second"])
  }

  /// By default each line goes to standard error, a line each (standard error is a pipe here,
  /// read back).
  func testTheDefaultLoggerWritesLinesToStandardError() throws {
    let pipe = Pipe()
    let saved = dup(STDERR_FILENO)
    XCTAssertGreaterThanOrEqual(saved, 0)
    dup2(pipe.fileHandleForWriting.fileDescriptor, STDERR_FILENO)
    LineLogger().log("no network")
    dup2(saved, STDERR_FILENO)
    close(saved)
    try pipe.fileHandleForWriting.close()

    let written = pipe.fileHandleForReading.readDataToEndOfFile()
    XCTAssertEqual(String(decoding: written, as: UTF8.self), "no network\n")
  }
}
