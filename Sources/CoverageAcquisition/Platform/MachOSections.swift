/// The sections of a 64-bit little-endian Mach-O file (one slice of a universal file): segment
/// and section name, file offset, size.
///
/// Layout: a 32-byte header (magic `0xfeedfacf`, CPU type, subtype, file type, the number and
/// total size of the load commands, flags, reserved), then the load commands; each
/// `LC_SEGMENT_64` (0x19) is 72 bytes (its segment name at 8) followed by its sections, 80
/// bytes each: section name, segment name (16 bytes each), address, size (u64), file offset
/// (u32). A universal file (`0xcafebabe`, big-endian) lists its slices; the first 64-bit one
/// is read.
struct MachOSections {
  struct Section: Equatable {
    var segment: String
    var name: String
    var offset: UInt64
    var size: UInt64
  }

  let sections: [Section]

  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    func integer(_ offset: Int, _ size: Int, bigEndian: Bool = false) -> UInt64? {
      guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
      return (0..<size).reduce(0) {
        $0 | UInt64(bytes[offset + $1]) << (8 * UInt64(bigEndian ? size - 1 - $1 : $1))
      }
    }
    func name(_ offset: Int) -> String {
      let field = bytes[offset..<(offset + 16)]
      return String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }
    var base = 0
    if integer(0, 4, bigEndian: true) == 0xcafe_babe {
      // Universal: `nfat_arch` entries of 20 bytes, each with its slice's offset at 8.
      guard let count = integer(4, 4, bigEndian: true), count < 64,
        let slice = (0..<Int(count)).lazy.compactMap({ index -> Int? in
          guard let offset = integer(8 + index * 20 + 8, 4, bigEndian: true),
            integer(Int(offset), 4) == 0xfeed_facf
          else { return nil }
          return Int(offset)
        }).first
      else { return nil }
      base = slice
    }
    guard integer(base, 4) == 0xfeed_facf, let count = integer(base + 16, 4),
      let size = integer(base + 20, 4)
    else { return nil }
    var sections: [Section] = []
    var command = base + 32
    let end = command + Int(size)
    for _ in 0..<count {
      guard command + 8 <= end, let kind = integer(command, 4),
        let length = integer(command + 4, 4), length >= 8, command + Int(length) <= end
      else { return nil }
      if kind == 0x19 {
        guard length >= 72, let sectionCount = integer(command + 64, 4),
          72 + sectionCount * 80 <= length
        else { return nil }
        for index in 0..<Int(sectionCount) {
          let header = command + 72 + index * 80
          guard let size = integer(header + 40, 8), let offset = integer(header + 48, 4) else {
            return nil
          }
          sections.append(
            Section(
              segment: name(header + 16), name: name(header), offset: UInt64(base) + offset,
              size: size))
        }
      }
      command += Int(length)
    }
    self.sections = sections
  }
}
