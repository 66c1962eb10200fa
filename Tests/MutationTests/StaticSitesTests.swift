import XCTest

@testable import Mutation

/// Which sites are static mutants: code in a global's or a `static`/`class` stored property's
/// initializer (closures called there included) runs once per process; everything else runs
/// each time its function or its instance's initializer does.
final class StaticSitesTests: XCTestCase {
  private static let source = """
    let globalLimit = 10 + 5
    var globalFlag = !true

    enum Limits {
      static let floor = 3 * 4
      static var table: [Int] = {
        [1 - 1, 2]
      }()
      static var computed: Int { 7 - 1 }
      static func half(_ value: Int) -> Int { value / 2 }
    }

    final class Counter {
      class var start: Int { 1 + 1 }
      var step = 2 * 2
      lazy var cached = 8 - 3

      func next() -> Int {
        let local = step + 1
        return local
      }
    }

    """

  /// The static mark of each line's sites (each line here has one operator).
  private func staticByLine() -> [Int: Bool] {
    let found = MutantFinder.sites(in: Self.source, file: "Limits.swift", inScope: { _ in true })
    var byLine: [Int: Bool] = [:]
    for site in found.sites {
      XCTAssertEqual(byLine[site.line] ?? site.isStatic, site.isStatic, "line \(site.line)")
      byLine[site.line] = site.isStatic
    }
    return byLine
  }

  func testGlobalAndStaticStoredInitializersAreStatic() {
    let marks = staticByLine()
    XCTAssertEqual(marks[1], true, "a global let")
    XCTAssertEqual(marks[2], true, "a global var")
    XCTAssertEqual(marks[5], true, "a static let")
    XCTAssertEqual(marks[7], true, "a closure a static var's initializer calls")
  }

  func testFunctionsAccessorsAndInstancePropertiesAreNot() {
    let marks = staticByLine()
    XCTAssertEqual(marks[9], false, "a static computed property runs at each use")
    XCTAssertEqual(marks[10], false, "a static function")
    XCTAssertEqual(marks[14], false, "a class computed property")
    XCTAssertEqual(marks[15], false, "an instance property: each instance's initializer")
    XCTAssertEqual(marks[16], false, "a lazy instance property")
    XCTAssertEqual(marks[19], false, "a local in a method")
  }
}
