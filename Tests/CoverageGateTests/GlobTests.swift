import XCTest

@testable import CoverageGate

final class GlobTests: XCTestCase {
  func testLiteralMatchesWholeString() {
    XCTAssertTrue(Glob("Sources/A.swift").matches("Sources/A.swift"))
    XCTAssertFalse(Glob("Sources/A.swift").matches("Sources/A.swiftx"))
    XCTAssertFalse(Glob("Sources/A.swift").matches("xSources/A.swift"))
    XCTAssertFalse(Glob("A").matches("a"))
  }

  func testStarStaysInOneComponent() {
    let glob = Glob("Sources/*.swift")
    XCTAssertTrue(glob.matches("Sources/A.swift"))
    XCTAssertTrue(glob.matches("Sources/.swift"))
    XCTAssertFalse(glob.matches("Sources/Core/A.swift"))
    XCTAssertFalse(Glob("*").matches("a/b"))
    XCTAssertTrue(Glob("*").matches(""))
  }

  func testStarInTargetNames() {
    XCTAssertTrue(Glob("*UI").matches("CoreUI"))
    XCTAssertTrue(Glob("*UI").matches("UI"))
    XCTAssertFalse(Glob("*UI").matches("UIKitBridge"))
    XCTAssertTrue(Glob("Core*").matches("CoreUI"))
    XCTAssertTrue(Glob("*Kit*").matches("UIKitBridge"))
  }

  func testDoubleStarCrossesComponents() {
    let glob = Glob("Sources/**")
    XCTAssertTrue(glob.matches("Sources/A.swift"))
    XCTAssertTrue(glob.matches("Sources/Core/Deep/A.swift"))
    XCTAssertFalse(glob.matches("Tests/A.swift"))
    XCTAssertTrue(Glob("**.swift").matches("a/b/c.swift"))
    XCTAssertFalse(Glob("**.swift").matches("a/b/c.swiftinterface"))
  }

  func testDoubleStarFolderMatchesZeroFolders() {
    XCTAssertTrue(Glob("Sources/**/Gen/*.swift").matches("Sources/Gen/Model.swift"))
  }

  func testDoubleStarFolderMatchesSeveralFolders() {
    let glob = Glob("Sources/**/Gen/*.swift")
    XCTAssertTrue(glob.matches("Sources/Core/Gen/Model.swift"))
    XCTAssertTrue(glob.matches("Sources/Core/Deep/Deeper/Gen/Model.swift"))
    XCTAssertFalse(glob.matches("Sources/Core/Gen/Sub/Model.swift"))
    XCTAssertFalse(glob.matches("Sources/Core/Generated/Model.swift"))
    XCTAssertFalse(glob.matches("Tests/Gen/Model.swift"))
  }

  func testLeadingDoubleStarFolder() {
    let glob = Glob("**/Gen/*.swift")
    XCTAssertTrue(glob.matches("Gen/A.swift"))
    XCTAssertTrue(glob.matches("Sources/Core/Gen/A.swift"))
    XCTAssertFalse(glob.matches("Sources/CoreGen/A.swift"))
  }

  func testQuestionMarkIsOneCharacterNotASlash() {
    XCTAssertTrue(Glob("File?.swift").matches("File1.swift"))
    XCTAssertFalse(Glob("File?.swift").matches("File.swift"))
    XCTAssertFalse(Glob("File?.swift").matches("File12.swift"))
    XCTAssertFalse(Glob("a?b").matches("a/b"))
    XCTAssertTrue(Glob("??").matches("ab"))
  }

  func testEmptyPatternMatchesOnlyEmpty() {
    XCTAssertTrue(Glob("").matches(""))
    XCTAssertFalse(Glob("").matches("a"))
  }

  func testDescriptionIsThePattern() {
    XCTAssertEqual(Glob("Sources/**/*.swift").description, "Sources/**/*.swift")
    XCTAssertEqual(Glob("a*").pattern, "a*")
  }

  /// ASCII patterns and texts are matched byte by byte: the answer must be the characters' one.
  func testBytesAgreeWithCharacters() {
    let alphabet: [Character] = ["a", "b", "/", "*", "?", ".", "\n"]
    var generator = SystemRandomNumberGenerator()
    func random(_ length: Int) -> String {
      String(
        (0..<Int.random(in: 0...length, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        })
    }
    for _ in 0..<20_000 {
      let glob = Glob(random(6))
      let text = random(8).replacingOccurrences(of: "*", with: "a").replacingOccurrences(
        of: "?", with: "b")
      XCTAssertEqual(
        glob.matches(text), glob.matchesByCharacters(text), "\(glob.pattern) on \(text)")
    }
    // Not ASCII, or a CR LF (one character): characters decide; `?` is one character.
    XCTAssertTrue(Glob("?.swift").matches("é.swift"))
    XCTAssertTrue(Glob("a?b").matches("a\r\nb"))
    XCTAssertFalse(Glob("a??b").matches("a\r\nb"))
  }

  /// `**/*NAME` and `**/NAME/**` (the built-in UI-glue globs' shapes) are answered without
  /// backtracking: the answer must be the general matcher's, on texts made to trip it.
  func testTheShortcutsAnswerAsTheGeneralMatcher() {
    for pattern in GateConfig.appGluePaths {
      XCTAssertTrue(Glob(pattern).hasShortcut, pattern)
    }
    for pattern in ["**/*", "**/**/", "**/a*b", "**/Views", "**/a/b/**", "Sources/**/*.swift"] {
      XCTAssertFalse(Glob(pattern).hasShortcut, pattern)
    }
    let alphabet: [Character] = ["V", "i", "e", "w", "s", "/", ".", "m"]
    var generator = SystemRandomNumberGenerator()
    func random(_ length: Int) -> String {
      String(
        (0..<Int.random(in: 0...length, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        })
    }
    let patterns = GateConfig.appGluePaths + ["**/*s", "**/*/", "**/View/**", "**/s/**"]
    for _ in 0..<5_000 {
      let glob = Glob(patterns.randomElement(using: &generator)!)
      let text = random(12)
      XCTAssertEqual(
        glob.matches(text), glob.matchesWithoutShortcut(text), "\(glob.pattern) on \(text)")
    }
    let globs = patterns.map { Glob($0) } + [Glob("é/**"), Glob("a?c")]
    for _ in 0..<2_000 {
      let text = random(12) + ["", "é", "\r\n"].randomElement(using: &generator)!
      XCTAssertEqual(
        Glob.anyMatches(globs, text), globs.contains { $0.matchesByCharacters(text) },
        "any on \(text)")
    }
    XCTAssertTrue(Glob("**/Views/**").matches("Views/A.swift"))
    XCTAssertTrue(Glob("**/Views/**").matches("App/Views/"))
    XCTAssertFalse(Glob("**/Views/**").matches("App/MyViews/A.swift"))
    XCTAssertTrue(Glob("**/*View.m").matches("BannerView.m"))
    XCTAssertFalse(Glob("**/*View.m").matches("App/BannerView.mm"))
  }
}
