/// The section headers of a 64-bit little-endian ELF file: name, address, file offset, size.
struct ELFSections {
  static let x8664: UInt16 = 62

  struct Section {
    var name: String
    var address: UInt64
    var offset: UInt64
    var size: UInt64
    var isCode: Bool
  }

  let machine: UInt16
  let sections: [Section]

  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
      bytes[4] == 2, bytes[5] == 1
    else { return nil }
    func integer(_ offset: Int, _ size: Int) -> UInt64? {
      guard offset >= 0, offset + size <= bytes.count else { return nil }
      return (0..<size).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
    guard let machine = integer(18, 2), let table = integer(0x28, 8), let entry = integer(0x3A, 2),
      let count = integer(0x3C, 2), let namesIndex = integer(0x3E, 2), entry >= 64,
      table < UInt64(bytes.count), namesIndex < count
    else { return nil }
    func header(_ index: UInt64) -> (
      name: UInt64, flags: UInt64, address: UInt64, offset: UInt64, size: UInt64
    )? {
      let start = Int(table + index * entry)
      guard let name = integer(start, 4), let flags = integer(start + 8, 8),
        let address = integer(start + 16, 8), let offset = integer(start + 24, 8),
        let size = integer(start + 32, 8)
      else { return nil }
      return (name, flags, address, offset, size)
    }
    guard let names = header(namesIndex), names.offset < UInt64(bytes.count) else { return nil }
    var sections: [Section] = []
    for index in 0..<count {
      // A section that would end past the address space is no ELF a linker wrote.
      guard let section = header(index),
        !section.offset.addingReportingOverflow(section.size).overflow,
        !section.address.addingReportingOverflow(section.size).overflow
      else { return nil }
      var nameEnd = Int(names.offset + section.name)
      let nameStart = nameEnd
      while nameEnd < bytes.count, bytes[nameEnd] != 0 { nameEnd += 1 }
      let name =
        nameStart < bytes.count ? String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self) : ""
      // SHF_EXECINSTR: the code to read.
      sections.append(
        Section(
          name: name, address: section.address, offset: section.offset, size: section.size,
          isCode: section.flags & 0x4 != 0))
    }
    self.machine = UInt16(machine)
    self.sections = sections
  }
}
