import CovgateSupport
import XCTest

/// A path's place is its first in the list, asked once or many times in a row, and an absent
/// path has none, also right after a present one.
final class PathIndexTests: XCTestCase {
  func testPlacesAreFirstPlacesWhateverTheOrderOfQuestions() {
    var index = PathIndex(["/a", "/b", "/a", "/c"])
    let asked = ["/a", "/a", "/b", "/x", "/b", "/c", "/x", "/a"]
    XCTAssertEqual(asked.map { index.place(of: $0) }, [0, 0, 1, nil, 1, 3, nil, 0])
  }
}
