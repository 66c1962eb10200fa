import CovgateSupport
import Foundation
import LLVMCoverage

/// What the report and archive readers share: the file, the document, and typed fields that
/// name themselves in errors.
extension XccovReader {
  static func withFile<T>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T)
    throws -> T
  {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw XccovError.unreadable(path: path, reason: "no such file")
    }
    guard !isFolder.boolValue else {
      throw XccovError.unreadable(
        path: path, reason: "it is a folder (an .xcresult bundle is read with --xcresult, on a Mac)"
      )
    }
    let file: MappedFile
    do {
      file = try MappedFile(path: path)
    } catch let error as MappedFileError {
      throw XccovError.unreadable(path: path, reason: error.reason)
    }
    guard file.bytes.count > 0 else { throw XccovError.empty(path: path) }
    return try body(file.bytes)
  }

  /// Runs `body` on a scanner at the document's top-level object; syntax errors become
  /// `XccovError`s, and nothing may follow the document.
  static func scanning<T>(
    _ bytes: UnsafeBufferPointer<UInt8>, source: String, what: String,
    _ body: (inout JSONScanner) throws -> T
  ) throws -> T {
    var scanner = JSONScanner(bytes: bytes)
    do {
      scanner.skipWhitespace()
      guard !scanner.isAtEnd else { throw XccovError.empty(path: source) }
      guard try scanner.peek() == UInt8(ascii: "{") else {
        throw XccovError.notXccov(
          path: source, what: what, reason: "the top level is not a JSON object")
      }
      let value = try body(&scanner)
      guard scanner.isAtEnd else { throw scanner.error("trailing characters after the document") }
      return value
    } catch let error as JSONScanError {
      throw error.truncated
        ? XccovError.truncated(path: source, offset: error.offset)
        : XccovError.malformed(path: source, offset: error.offset, reason: error.message)
    }
  }

  static func object(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String,
    _ body: (inout JSONScanner, JSONScanner.Key) throws -> Void
  ) throws {
    scanner.skipWhitespace()
    guard try scanner.peek() == UInt8(ascii: "{") else {
      throw XccovError.badField(path: source, field: field(), reason: "is not an object")
    }
    try scanner.readObject(body)
  }

  static func array(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String,
    _ body: (inout JSONScanner) throws -> Void
  ) throws {
    scanner.skipWhitespace()
    guard try scanner.peek() == UInt8(ascii: "[") else {
      throw XccovError.badField(path: source, field: field(), reason: "is not a list")
    }
    try scanner.readArray(body)
  }

  static func string(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws
    -> String
  {
    scanner.skipWhitespace()
    guard try scanner.peek() == UInt8(ascii: "\"") else {
      throw XccovError.badField(path: source, field: field(), reason: "is not text")
    }
    return try scanner.readString()
  }

  static func bool(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws
    -> Bool
  {
    scanner.skipWhitespace()
    let first = try scanner.peek()
    guard first == UInt8(ascii: "t") || first == UInt8(ascii: "f") else {
      throw XccovError.badField(path: source, field: field(), reason: "is not true or false")
    }
    return try scanner.readBool()
  }

  static func lineCount(_ scanner: inout JSONScanner, field: @autoclosure () -> String)
    throws -> Int
  {
    try scanner.readInt(
      upTo: ExportLimits.summaryCount, field(), limit: ExportLimits.summaryReason)
  }

  static func lineNumber(_ scanner: inout JSONScanner, field: @autoclosure () -> String)
    throws -> Int
  {
    let line = try scanner.readInt(
      upTo: ExportLimits.line, field(), limit: ExportLimits.lineReason)
    guard line >= 1 else { throw scanner.error("\(field()) is 0; lines are numbered from 1") }
    return line
  }

  static func checkPath(_ path: String, field: String, source: String) throws {
    guard path.hasPrefix("/"), !path.utf8.contains(0) else {
      throw XccovError.badField(
        path: source, field: field,
        reason: "is \(path.isEmpty ? "empty" : "\"\(path.prefix(80))\""), not an absolute path")
    }
  }

  static func required<T>(_ value: T?, _ field: @autoclosure () -> String, _ source: String)
    throws -> T
  {
    guard let value else {
      throw XccovError.badField(path: source, field: field(), reason: "is missing")
    }
    return value
  }
}
