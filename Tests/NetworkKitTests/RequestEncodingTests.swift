import Foundation
import NetworkKit
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class RequestEncodingTests: XCTestCase {
  private let url = URL(string: "https://api.test/vehicles?fleet=7")!

  func testGetAppendsSortedQueryItems() throws {
    let request = try RequestEncoding.makeRequest(
      url: url, method: .get, parameters: ["page": 2, "color": "red"])

    XCTAssertEqual(
      request.url?.absoluteString, "https://api.test/vehicles?fleet=7&color=red&page=2")
    XCTAssertEqual(request.httpMethod, "GET")
    XCTAssertNil(request.httpBody)
  }

  func testPostSendsJSONBody() throws {
    let request = try RequestEncoding.makeRequest(
      url: url, method: .post, parameters: ["b": 1, "a": "x"])

    XCTAssertEqual(request.httpMethod, "POST")
    XCTAssertEqual(request.url, url)
    XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
    XCTAssertEqual(
      request.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"a":"x","b":1}"#)
  }

  func testNoParametersLeavesRequestBare() throws {
    let request = try RequestEncoding.makeRequest(url: url, method: .delete, parameters: [:])

    XCTAssertEqual(request.httpMethod, "DELETE")
    XCTAssertEqual(request.url, url)
    XCTAssertNil(request.httpBody)
    XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
  }

  func testParametersThatAreNotJSONAreRejected() {
    XCTAssertThrowsError(
      try RequestEncoding.makeRequest(url: url, method: .put, parameters: ["when": Date()])
    ) { error in
      XCTAssertEqual(error as? NetworkError, .invalidParameters)
    }
  }
}
