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
}
