import CovgateSupport

/// How a linked binary increments its profile counters: atomically (`lock inc`/`lock add`), or
/// with a plain load, add and store that loses increments when threads run the same code at once
/// (Swift Testing runs tests in parallel in one process).
///
/// Read from the machine code itself, not from the build's flags: the compiler can keep an object
/// built without `-instrprof-atomic-counter-update-all` even when the flag is passed later (Swift's
/// incremental LLVM code generation compares a hash of the IR, which the flag does not change).
public enum CounterUpdates: Equatable, Sendable {
  /// Every counter update found is atomic.
  case atomic
  /// `plain` of the `plain + atomic` updates found are not atomic.
  case notAtomic(plain: Int, atomic: Int)
  /// The code could not be read: not an x86-64 ELF executable, or no counter updates found.
  case unknown

  /// The counter updates of several executables together, read on every core.
  public static func of(executables paths: [String]) -> CounterUpdates {
    paths.concurrentMap { of(executable: $0) }.reduce(.unknown, +)
  }

  /// Two reads' updates together: not atomic when either is not.
  public static func + (left: CounterUpdates, right: CounterUpdates) -> CounterUpdates {
    switch (left, right) {
    case (.unknown, let other), (let other, .unknown): other
    case (.atomic, .atomic): .atomic
    case (.notAtomic(let plain, let atomic), .atomic), (.atomic, .notAtomic(let plain, let atomic)):
      .notAtomic(plain: plain, atomic: atomic)
    case (.notAtomic(let plain, let atomic), .notAtomic(let otherPlain, let otherAtomic)):
      .notAtomic(plain: plain + otherPlain, atomic: atomic + otherAtomic)
    }
  }

  /// Reads the counter updates of the executable at `path`.
  public static func of(executable path: String) -> CounterUpdates {
    guard let file = try? MappedFile(path: path) else { return .unknown }
    return of(image: file.bytes)
  }

  /// Reads the counter updates of an ELF image's bytes.
  public static func of(image bytes: UnsafeBufferPointer<UInt8>) -> CounterUpdates {
    guard let elf = ELFSections(bytes), elf.machine == ELFSections.x8664,
      let counters = elf.sections.first(where: { $0.name == "__llvm_prf_cnts" }), counters.size > 0
    else { return .unknown }
    var scan = X86CounterScan(counters: counters.address..<counters.address + counters.size)
    for section in elf.sections where section.isCode {
      let end = min(section.offset + section.size, UInt64(bytes.count))
      guard section.offset < end else { continue }
      scan.scan(bytes, from: Int(section.offset), to: Int(end), address: section.address)
    }
    switch (scan.plain, scan.atomic) {
    case (0, 0): return .unknown
    case (0, _): return .atomic
    case (let plain, let atomic): return .notAtomic(plain: plain, atomic: atomic)
    }
  }
}

/// Finds x86-64 instructions that update a counter through a RIP-relative address: with a `lock`
/// prefix (`lock incq`, `lock addq`, `lock xaddq`), or as a plain load or read-modify-write.
struct X86CounterScan {
  let counters: Range<UInt64>
  private(set) var plain = 0
  private(set) var atomic = 0

  init(counters: Range<UInt64>) { self.counters = counters }

  mutating func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, address: UInt64
  ) {
    var index = start
    // Every form read has a REX.W prefix, an opcode, a RIP-relative ModRM byte and a 32-bit
    // displacement: at least 7 bytes.
    while index + 7 <= end {
      defer { index += 1 }
      let rex = bytes[index]
      guard rex & 0xF8 == 0x48 else { continue }
      let opcode = bytes[index + 1]
      var modrm = index + 2
      var immediate = 0
      switch opcode {
      case 0x8B: break  // mov counter, reg: the load of a plain increment.
      case 0x01, 0xFF: break  // add reg, counter; inc counter.
      case 0x83: immediate = 1  // add $imm8, counter.
      case 0x81: immediate = 4  // add $imm32, counter.
      case 0x0F:  // xadd reg, counter.
        guard bytes[index + 2] == 0xC1 else { continue }
        modrm += 1
      default: continue
      }
      let form = bytes[modrm]
      // RIP-relative: mod 00, r/m 101; `inc` and `add $imm` need /0 in the reg field.
      guard form & 0xC7 == 0x05 else { continue }
      if opcode == 0xFF || opcode == 0x83 || opcode == 0x81, form != 0x05 { continue }
      let next = modrm + 5 + immediate
      guard next <= end else { continue }
      let displacement = Int32(bitPattern: littleEndian32(bytes, at: modrm + 1))
      let target = address &+ UInt64(next - start) &+ UInt64(bitPattern: Int64(displacement))
      guard counters.contains(target) else { continue }
      let locked = index > start && bytes[index - 1] == 0xF0
      if locked, opcode != 0x8B { atomic += 1 } else { plain += 1 }
    }
  }

  private func littleEndian32(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
    UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
      | UInt32(bytes[index + 3]) << 24
  }
}

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
      guard let section = header(index) else { return nil }
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
