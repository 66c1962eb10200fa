import CovgateSupport
import Foundation

/// Writes every mutant of a file into the file itself, each behind a switch read at run time
/// (mutant schemata): an expression becomes `(__covgateMutant_K(7) ? (mutated) : (original))`,
/// a removed call `if !(__covgateMutant_K(9)) { call() }`. Nothing is inserted across lines and
/// the switch is appended after the last line, so every line keeps its number and the coverage
/// of the original build still says which tests ran it. `K` is the file's own key, so each file
/// of a module has a switch of its own; the switch is `@usableFromInline`, so `@inlinable` code
/// (a library's generic algorithms, inlined into the tests) can call it.
public enum MutantSchema {
  /// The environment variable naming the active mutant; unset or 0: the original code.
  public static let environmentVariable = "COVGATE_MUTANT"

  /// `source` (the package-relative `file`) with `mutants` (a site and its id each) switched in.
  public static func apply(
    _ mutants: [(site: MutationSite, id: Int)], to source: String, file: String
  ) -> String {
    guard !mutants.isEmpty else { return source }
    let function = "__covgateMutant_\(key(file))"
    var insertions: [Insertion] = []
    // Several mutants of one site share one switch, tried in turn.
    let bySite = Dictionary(grouping: mutants) {
      SiteRange(start: $0.site.start, end: $0.site.end, shape: $0.site.shape)
    }
    for (range, choices) in bySite {
      let ordered = choices.sorted { $0.id < $1.id }
      let opening: String
      let closing: String
      switch range.shape {
      case .statement:
        opening =
          "if !(" + ordered.map { "\(function)(\($0.id))" }.joined(separator: " || ") + ") { "
        closing = " }"
      case .expression:
        opening =
          "(" + ordered.map { "\(function)(\($0.id)) ? (\($0.site.mutated)) : " }.joined() + "("
        closing = "))"
      }
      insertions.append(
        Insertion(offset: range.start, text: opening, opens: true, other: range.end))
      insertions.append(
        Insertion(offset: range.end, text: closing, opens: false, other: range.start))
    }
    var bytes = Array(source.utf8)
    // From the end, so that earlier offsets stay valid; at one offset the text nearest the
    // code goes in last: closings of inner sites before outer ones, openings of outer ones first.
    insertions.sort { $0.isAfter($1) }
    for insertion in insertions {
      bytes.insert(contentsOf: Array(insertion.text.utf8), at: insertion.offset)
    }
    var result = String(decoding: bytes, as: UTF8.self)
    if !result.hasSuffix("\n") { result += "\n" }
    return result + switchSource(key: key(file))
  }

  /// A name part of the file's own: letters and digits from its path's fingerprint.
  static func key(_ file: String) -> String {
    String(fingerprint(Data(file.utf8)).filter { $0.isLetter || $0.isNumber }.prefix(16))
  }

  /// The switch each mutated file ends with: the id read from the environment once per
  /// process on first use (a `static let`, lazy even in `main.swift`), so that a child forked
  /// from a test server reads its own.
  static func switchSource(key: String) -> String {
    """

    // covgate mutate: the active mutant, from \(environmentVariable).
    #if canImport(Glibc)
      import Glibc
    #elseif canImport(Musl)
      import Musl
    #elseif canImport(Darwin)
      import Darwin
    #endif
    @usableFromInline enum __CovgateMutation_\(key) {
      @usableFromInline static let active: Int =
        getenv("\(environmentVariable)").flatMap { Int(String(cString: $0)) } ?? 0
    }
    @inlinable @inline(__always) func __covgateMutant_\(key)(_ id: Int) -> Bool {
      __CovgateMutation_\(key).active == id
    }

    """
  }

  private struct SiteRange: Hashable {
    var start: Int
    var end: Int
    var shape: MutationSite.Shape
  }

  private struct Insertion {
    var offset: Int
    var text: String
    var opens: Bool
    /// The other end of the site.
    var other: Int

    /// Whether this insertion is made before `other` in the from-the-end order.
    func isAfter(_ that: Insertion) -> Bool {
      if offset != that.offset { return offset > that.offset }
      // At one offset the final text reads: closings (inner first), then openings (outer
      // first). Inserting at the same offset pushes earlier insertions right, so insert the
      // last-reading text first.
      if opens != that.opens { return opens }
      // Openings: an inner site (nearer end) reads last. Closings: an outer site (farther
      // start) reads last.
      return other < that.other
    }
  }
}
