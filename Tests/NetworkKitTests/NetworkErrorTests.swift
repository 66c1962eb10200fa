import NetworkKit
import XCTest

final class NetworkErrorTests: XCTestCase {
  func testDescriptionsAreOneLineAndSpecific() {
    let cases: [(NetworkError, String)] = [
      (.invalidURL("x y"), "'x y'"),
      (.invalidParameters, "JSON"),
      (.transport("offline"), "offline"),
      (.invalidResponse, "HTTP response"),
      (.httpStatus(418), "418"),
      (.decoding("bad"), "bad"),
      (.server(code: 7, message: nil), "code 7"),
      (.server(code: 7, message: "expired"), "code 7: expired"),
      (.transformFailed(key: "data.list"), "'data.list'"),
    ]

    for (error, fragment) in cases {
      XCTAssertTrue(error.description.contains(fragment), error.description)
      XCTAssertFalse(error.description.contains("\n"))
      XCTAssertEqual(error.localizedDescription, error.description)
    }
  }
}
