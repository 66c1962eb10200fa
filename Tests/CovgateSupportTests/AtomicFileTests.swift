import XCTest

@testable import CovgateSupport

final class AtomicFileTests: XCTestCase {
  private func temporaryFolder() throws -> String {
    let folder = NSTemporaryDirectory() + "covgate-atomic-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    return folder
  }

  private func contents(_ folder: String) throws -> [String: String] {
    var found: [String: String] = [:]
    for name in try FileManager.default.subpathsOfDirectory(atPath: folder) {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: "\(folder)/\(name)", isDirectory: &isFolder)
      if !isFolder.boolValue {
        found[name] = try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
      }
    }
    return found
  }

  /// A new folder of pages appears whole, with nothing hidden left beside it.
  func testANewFolderIsWrittenWholeWithoutLeftovers() throws {
    let root = try temporaryFolder()
    try AtomicFile.write([
      ("\(root)/out/index.html", "index"), ("\(root)/out/files/a.html", "a"),
      ("\(root)/out/files/b.html", "b"),
      ("\(root)/out/files/c.html", ""),
    ])
    XCTAssertEqual(
      try contents(root),
      [
        "out/index.html": "index", "out/files/a.html": "a", "out/files/b.html": "b",
        "out/files/c.html": "",
      ])
  }

  /// A file given in parts holds them one after the other, in a new folder and an existing one;
  /// no parts make an empty file.
  func testPartsAreWrittenInOrder() throws {
    let root = try temporaryFolder()
    let parts = ["<html>", "", String(repeating: "é", count: 70_000), "</html>\n"]
    for _ in 0..<2 {
      try AtomicFile.write([
        (path: "\(root)/out/a.html", parts: parts), (path: "\(root)/out/b.html", parts: ["b"]),
        (path: "\(root)/out/c.html", parts: []),
      ])
      XCTAssertEqual(
        try contents(root),
        ["out/a.html": parts.joined(), "out/b.html": "b", "out/c.html": ""])
    }
  }

  /// A file made as bytes holds them as they are, beside files made in parts.
  func testBytesAreWrittenAsTheyAre() throws {
    let root = try temporaryFolder()
    let page = Array("<p>é</p>".utf8) + Array(repeating: UInt8(ascii: "x"), count: 200_000)
    for _ in 0..<2 {
      try AtomicFile.write([
        AtomicFile.Pending(path: "\(root)/out/a.html", bytes: { OwnedBytes(copying: page) }),
        AtomicFile.Pending(path: "\(root)/out/b.html", bytes: { OwnedBytes(copying: []) }),
        AtomicFile.Pending(path: "\(root)/out/files/c.html", parts: { ["c", "d"] }),
      ])
      XCTAssertEqual(
        try contents(root),
        [
          "out/a.html": String(decoding: page, as: UTF8.self), "out/b.html": "",
          "out/files/c.html": "cd",
        ])
    }
  }

  /// An existing folder gets each file replaced on its own; files not written again stay.
  func testAnExistingFolderHasItsFilesReplaced() throws {
    let root = try temporaryFolder()
    try AtomicFile.write([("\(root)/files/a.html", "old a"), ("\(root)/files/old.html", "old")])
    try AtomicFile.write([("\(root)/files/a.html", "new a"), ("\(root)/files/b.html", "new b")])
    XCTAssertEqual(
      try contents(root),
      ["files/a.html": "new a", "files/b.html": "new b", "files/old.html": "old"])
  }

  /// A file that cannot be written leaves every other one as it was: nothing is replaced
  /// before all are written, and nothing hidden is left behind.
  func testAFailureReplacesNothing() throws {
    let root = try temporaryFolder()
    try AtomicFile.write([("\(root)/files/a.html", "old a"), ("\(root)/index.html", "old index")])
    try "a file".write(toFile: "\(root)/taken", atomically: true, encoding: .utf8)
    XCTAssertThrowsError(
      try AtomicFile.write([
        ("\(root)/files/a.html", "new a"), ("\(root)/index.html", "new index"),
        ("\(root)/taken/x.html", "x"), ("\(root)/new/b.html", "b"), ("\(root)/new/c.html", "c"),
      ])
    ) { error in
      XCTAssertEqual((error as? AtomicFileError)?.path, "\(root)/taken/x.html")
    }
    XCTAssertEqual(
      try contents(root),
      ["files/a.html": "old a", "index.html": "old index", "taken": "a file"])
  }

  /// A new report with subfolders appears whole, in one rename: on a failure elsewhere its
  /// folder does not appear at all.
  func testANewFolderWithSubfoldersAppearsWholeOrNotAtAll() throws {
    let root = try temporaryFolder()
    let report = [
      ("\(root)/out/index.html", "index"), ("\(root)/out/covgate.json", "{}"),
      ("\(root)/out/files/a.html", "a"), ("\(root)/out/files/b.html", "b"),
      ("\(root)/out/assets/one.css", "css"),
    ]
    try "a file".write(toFile: "\(root)/taken", atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try AtomicFile.write(report + [("\(root)/taken/x.html", "x")]))
    XCTAssertEqual(try contents(root), ["taken": "a file"])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), ["taken"])
    try AtomicFile.write(report)
    XCTAssertEqual(
      try contents(root),
      [
        "out/index.html": "index", "out/covgate.json": "{}", "out/files/a.html": "a",
        "out/files/b.html": "b", "out/assets/one.css": "css", "taken": "a file",
      ])
  }

  /// Each file's text is made once, by the thread that writes it.
  func testPendingFilesAreMadeOnceEach() throws {
    let root = try temporaryFolder()
    final class Made: @unchecked Sendable {
      let lock = NSLock()
      var names: [String] = []
    }
    let made = Made()
    let names = (0..<50).map { "page\($0).html" }
    try AtomicFile.write(
      names.map { name in
        AtomicFile.Pending(path: "\(root)/out/\(name)") {
          made.lock.withLock { made.names.append(name) }
          return [name, "!"]
        }
      })
    XCTAssertEqual(made.lock.withLock { made.names.sorted() }, names.sorted())
    XCTAssertEqual(
      try contents(root),
      Dictionary(uniqueKeysWithValues: names.map { ("out/\($0)", "\($0)!") }))
  }

  /// A folder that appears, filled, while a new one is written gets the files one by one.
  func testAFolderThatAppearsMeanwhileGetsTheFilesOneByOne() throws {
    let root = try temporaryFolder()
    try AtomicFile.write([
      AtomicFile.Pending(path: "\(root)/out/a.html") {
        // Another writer's report, with a subfolder of the same name as ours.
        try? FileManager.default.createDirectory(
          atPath: "\(root)/out/files", withIntermediateDirectories: true)
        try? "theirs".write(toFile: "\(root)/out/theirs.html", atomically: false, encoding: .utf8)
        try? "old c".write(toFile: "\(root)/out/files/c.html", atomically: false, encoding: .utf8)
        try? "d".write(toFile: "\(root)/out/files/d.html", atomically: false, encoding: .utf8)
        return ["a"]
      },
      AtomicFile.Pending(path: "\(root)/out/b.html") { ["b"] },
      AtomicFile.Pending(path: "\(root)/out/files/c.html") { ["c"] },
      AtomicFile.Pending(path: "\(root)/out/files/e.html") { ["e"] },
    ])
    XCTAssertEqual(
      try contents(root),
      [
        "out/a.html": "a", "out/b.html": "b", "out/theirs.html": "theirs",
        "out/files/c.html": "c", "out/files/d.html": "d", "out/files/e.html": "e",
      ])
  }

  /// A folder that cannot be made names the file and the system's reason, and leaves nothing.
  func testAnUnwritableFolderIsAnErrorNamingTheFile() throws {
    let root = try temporaryFolder()
    try "a file".write(toFile: "\(root)/taken", atomically: true, encoding: .utf8)
    XCTAssertThrowsError(
      try AtomicFile.write([
        ("\(root)/taken/files/a.html", "a"), ("\(root)/taken/files/b.html", "b"),
      ])
    ) { error in
      XCTAssertTrue(
        "\(error)".contains("taken") || (error as? AtomicFileError)?.path.contains("taken") == true,
        "\(error)")
    }
    XCTAssertThrowsError(try AtomicFile.write([("\(root)/taken/index.html", "x")])) { error in
      XCTAssertEqual((error as? AtomicFileError)?.path, "\(root)/taken/index.html")
      XCTAssertEqual((error as? AtomicFileError)?.description, "Not a directory")
    }
    XCTAssertEqual(try contents(root), ["taken": "a file"])
  }
}
