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
/// prefix (`lock incq`, `lock addq`, `lock xaddq`), or as a plain load (`movq`, or `movdqu` and
/// `movdqa` where the optimizer adds two counters at once) or read-modify-write.
struct X86CounterScan {
  let counters: Range<UInt64>
  private(set) var plain = 0
  private(set) var atomic = 0

  init(counters: Range<UInt64>) { self.counters = counters }

  mutating func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, address: UInt64
  ) {
    var index = start
    // Every form read has a prefix, an opcode, a RIP-relative ModRM byte and a 32-bit
    // displacement: at least 7 bytes.
    while index + 7 <= end {
      defer { index += 1 }
      guard let (modrm, immediate, load, inReg) = form(bytes, at: index) else { continue }
      let form = bytes[modrm]
      // RIP-relative: mod 00, r/m 101; `inc` and `add $imm` need /0 in the reg field.
      guard form & 0xC7 == 0x05, !inReg || form == 0x05 else { continue }
      let next = modrm + 5 + immediate
      guard next <= end else { continue }
      let displacement = Int32(bitPattern: littleEndian32(bytes, at: modrm + 1))
      let target = address &+ UInt64(next - start) &+ UInt64(bitPattern: Int64(displacement))
      guard counters.contains(target) else { continue }
      let locked = index > start && bytes[index - 1] == 0xF0
      if locked, !load { atomic += 1 } else { plain += 1 }
    }
  }

  /// The instruction starting at `index`, if it is one of the forms read: where its ModRM byte
  /// is, how many immediate bytes follow the displacement, whether it is a load, and whether its
  /// ModRM reg field must be /0 (`inc`, `add $imm`).
  private func form(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> (modrm: Int, immediate: Int, load: Bool, inReg: Bool)?
  {
    let first = bytes[index]
    if first == 0xF3 || first == 0x66 {
      // movdqu / movdqa counter, xmm (a REX prefix for xmm8-15 may stand between).
      let opcode = bytes[index + 1] & 0xF0 == 0x40 ? index + 2 : index + 1
      guard bytes[opcode] == 0x0F, bytes[opcode + 1] == 0x6F else { return nil }
      return (opcode + 2, 0, true, false)
    }
    guard first & 0xF8 == 0x48 else { return nil }
    switch bytes[index + 1] {
    case 0x8B: return (index + 2, 0, true, false)  // mov counter, reg.
    case 0x01: return (index + 2, 0, false, false)  // add reg, counter.
    case 0xFF: return (index + 2, 0, false, true)  // inc counter.
    case 0x83: return (index + 2, 1, false, true)  // add $imm8, counter.
    case 0x81: return (index + 2, 4, false, true)  // add $imm32, counter.
    case 0x0F: return bytes[index + 2] == 0xC1 ? (index + 3, 0, false, false) : nil  // xadd.
    default: return nil
    }
  }

  private func littleEndian32(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
    UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
      | UInt32(bytes[index + 3]) << 24
  }
}
