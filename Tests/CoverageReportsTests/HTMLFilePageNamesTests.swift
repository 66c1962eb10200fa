import XCTest

@testable import CoverageReports

final class HTMLFilePageNamesTests: XCTestCase {
  private let safeName = #"^[A-Za-z0-9_][A-Za-z0-9._-]*-[0-9a-f]{8}(-[0-9]+)?\.html$"#

  func testNamesAreReadableFlatAndStable() {
    let names = FilePageNames(paths: ["Sources/Core/Engine.swift"])
    XCTAssertEqual(
      names.name(of: "Sources/Core/Engine.swift"),
      "Sources_Core_Engine.swift-\(FilePageNames.hexHash(of: "Sources/Core/Engine.swift")).html")
    XCTAssertEqual(
      FilePageNames.hexHash(of: ""), "4fd0bfc1", "the FNV-1a offset basis, halves xor-ed")
    XCTAssertEqual(FilePageNames.hexHash(of: "a"), FilePageNames.hexHash(of: "a"))
    XCTAssertEqual(names.relativePath(of: "Sources/Core/Engine.swift")?.hasPrefix("files/"), true)
    XCTAssertNil(names.name(of: "Sources/Other.swift"))
  }

  func testHostilePathsGiveSafeNames() {
    let paths = [
      "../../etc/passwd", "/etc/shadow", "a/../../../b.swift", "..", ".", "", "./.hidden", "-rf",
      "Sources/<img src=x onerror=alert(1)>.swift", #"Sources/"q'.swift"#, "Sources/a b/c\td.swift",
      "Sources/Ünïcödé/файл.swift", "C:\\Windows\\x.swift", "Sources/%2e%2e/x.swift",
      String(repeating: "deep/", count: 200) + "File.swift",
    ]
    let names = FilePageNames(paths: paths)
    for path in paths {
      guard let name = names.name(of: path) else { return XCTFail("no name for \(path)") }
      XCTAssertNotNil(name.range(of: safeName, options: .regularExpression), "\(path) -> \(name)")
      XCTAssertLessThanOrEqual(name.utf8.count, FilePageNames.maximumSlugLength + 20, name)
    }
    XCTAssertEqual(names.name(of: "..")?.hasPrefix("file-"), true)
    XCTAssertEqual(
      names.name(of: String(repeating: "deep/", count: 200) + "File.swift")?.contains(
        "_File.swift-"), true,
      "a long path keeps its end")
  }

  func testNamesAreUniqueEvenWhenSlugsOrCaseCollide() {
    let paths =
      [
        "Sources/A/x.swift", "Sources/A_x.swift", "Sources/A x.swift", "Sources/a/x.swift",
        "Sources/A/X.swift",
      ] + (0..<5000).map { "Sources/T\($0 % 7)/File\($0).swift" }
    let names = FilePageNames(paths: paths)
    let all = paths.compactMap { names.name(of: $0) }
    XCTAssertEqual(all.count, paths.count)
    XCTAssertEqual(
      Set(all.map { $0.lowercased() }).count, paths.count, "unique even on case-insensitive disks")
  }

  func testSameNamesWhateverTheOrder() {
    let paths = ["Sources/B.swift", "Sources/A.swift", "Sources/C/D.swift"]
    let forward = FilePageNames(paths: paths)
    let backward = FilePageNames(paths: paths.reversed())
    for path in paths { XCTAssertEqual(forward.name(of: path), backward.name(of: path)) }
  }

  /// Built as bytes, a name is what the rules give character by character (the first
  /// implementation, kept here): random paths of dots, dashes, slashes, letters, digits, spaces
  /// and non-ASCII characters, short and past the slug's length.
  func testBaseNamesAreWhatTheRulesGiveCharacterByCharacter() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("..--//aZ09_ é🙂\u{301}")
    for _ in 0..<3000 {
      let path = String(
        (0..<Int.random(in: 0..<120, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        })
      XCTAssertEqual(FilePageNames.baseName(of: path), referenceBaseName(path), path)
    }
  }

  private func referenceBaseName(_ path: String) -> String {
    var slug = String(
      path.unicodeScalars.map { scalar -> Character in
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": Character(scalar)
        default: "_"
        }
      })
    while slug.contains("..") { slug = slug.replacing("..", with: "_") }
    while let first = slug.first, first == "." || first == "-" { slug.removeFirst() }
    if slug.count > FilePageNames.maximumSlugLength {
      slug = String(slug.suffix(FilePageNames.maximumSlugLength))
    }
    while let first = slug.first, first == "." || first == "-" { slug.removeFirst() }
    if !slug.contains(where: { $0.isLetter || $0.isNumber }) { slug = "file" }
    return "\(slug)-\(FilePageNames.hexHash(of: path))"
  }
}
