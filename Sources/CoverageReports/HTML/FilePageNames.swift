/// The names of the file pages: one flat, safe and unique name per package-relative path.
///
/// A name is the path with every character outside `A-Z a-z 0-9 . _ -` (the `/` included)
/// replaced by `_`, `..` replaced by `_`, leading dots and dashes dropped, cut to its last `maximumSlugLength`
/// characters, then a short FNV-1a hash of the whole path and `.html`:
/// `Sources/Core/Engine.swift` is `Sources_Core_Engine.swift-<8 hex digits>.html`. Nothing from
/// the data can add a folder or climb out of `files/`, and no two names differ only in case.
struct FilePageNames: Sendable {
  /// The folder of the file pages inside the output folder.
  static let folder = "files"
  /// How much of the readable part of a name is kept.
  static let maximumSlugLength = 80

  private let names: [String: String]

  /// Names for `paths`; paths are named in sorted order, so a clash of names (which needs equal
  /// slugs and equal hashes) is settled the same way on every run, with a `-2`, `-3`... suffix.
  init(paths: [String]) {
    var names: [String: String] = [:]
    names.reserveCapacity(paths.count)
    var taken = Set<String>()
    taken.reserveCapacity(paths.count)
    // A report's paths come sorted already: checked in one pass, sorted only when they are not.
    let sorted =
      paths.indices.dropFirst().allSatisfy { paths[$0 - 1] < paths[$0] }
      ? paths : Set(paths).sorted()
    for path in sorted {
      let base = Self.baseName(of: path)
      var name = base + ".html"
      var suffix = 2
      // Names are ASCII: lower-cased byte by byte.
      while !taken.insert(Self.asciiLowercased(name)).inserted {
        name = "\(base)-\(suffix).html"
        suffix += 1
      }
      names[path] = name
    }
    self.names = names
  }

  /// The page's file name (no folder), or `nil` for a path that was not given.
  func name(of path: String) -> String? { names[path] }

  /// The page's path relative to the output folder, e.g. `files/Engine.swift-1a2b3c4d.html`.
  func relativePath(of path: String) -> String? { name(of: path).map { "\(Self.folder)/\($0)" } }

  /// The readable slug and the hash, without the extension. Built as bytes: every character of
  /// the slug is ASCII, one per Unicode scalar of the path.
  static func baseName(of path: String) -> String {
    var slug = path.unicodeScalars.map { scalar -> UInt8 in
      isSafe(scalar) ? UInt8(scalar.value) : UInt8(ascii: "_")
    }
    while let cut = replacingDoubleDots(slug) { slug = cut }
    func dropLeadingDotsAndDashes() {
      let kept = slug.firstIndex { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "-") }
      slug.removeFirst(kept ?? slug.count)
    }
    dropLeadingDotsAndDashes()
    if slug.count > maximumSlugLength { slug.removeFirst(slug.count - maximumSlugLength) }
    dropLeadingDotsAndDashes()
    let readable = slug.contains { byte in
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    let text = readable ? String(decoding: slug, as: UTF8.self) : "file"
    return "\(text)-\(hexHash(of: path))"
  }

  /// Every `..` replaced by `_`, left to right; nil when there is none.
  private static func replacingDoubleDots(_ slug: [UInt8]) -> [UInt8]? {
    var result: [UInt8] = []
    result.reserveCapacity(slug.count)
    var index = 0
    var replaced = false
    while index < slug.count {
      if slug[index] == UInt8(ascii: "."), index + 1 < slug.count,
        slug[index + 1] == UInt8(ascii: ".")
      {
        result.append(UInt8(ascii: "_"))
        index += 2
        replaced = true
      } else {
        result.append(slug[index])
        index += 1
      }
    }
    return replaced ? result : nil
  }

  /// `name` (ASCII) with its capitals made small.
  private static func asciiLowercased(_ name: String) -> String {
    String(
      decoding: name.utf8.map {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0
      },
      as: UTF8.self)
  }

  /// The 64-bit FNV-1a hash of the path's UTF-8 bytes, folded to 8 lowercase hex digits.
  static func hexHash(of path: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let folded = UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    let hex = String(folded, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }

  private static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": true
    default: false
    }
  }
}
