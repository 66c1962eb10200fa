import CovgateSupport
import Foundation

/// The distinct names of a list, found by their UTF-8 bytes: a table of byte hashes, so that
/// matching thousands of names against a file's lines neither makes nor hashes a `String` per
/// line.
struct NameTable {
  private let names: [String]
  /// Per name of the list, its distinct name's number.
  private let numbers: [Int]
  /// Per distinct name, the index of its first place in the list, and its hash.
  private let firsts: [Int]
  private let hashes: [UInt64]
  /// Open addressing: a distinct name's number + 1, or 0 for an empty slot.
  private let slots: [Int32]
  private let mask: Int

  init(_ names: [String]) {
    self.names = names
    var size = 16
    while size < names.count * 2 { size *= 2 }
    mask = size - 1
    // Built in locals, the names compared byte by byte as the lookups compare them (a name's
    // bytes are borrowed only to hash them): no closure over the table, whose arrays each step
    // would retain.
    var slots = [Int32](repeating: 0, count: size)
    var firsts: [Int] = []
    var hashes: [UInt64] = []
    var numbers: [Int] = []
    numbers.reserveCapacity(names.count)
    for index in names.indices {
      let hash = Self.withBytes(of: names[index], Self.hash)
      var slot = Int(truncatingIfNeeded: hash) & mask
      var number = -1
      while slots[slot] != 0 {
        let known = Int(slots[slot]) - 1
        if hashes[known] == hash, names[firsts[known]].utf8.elementsEqual(names[index].utf8) {
          number = known
          break
        }
        slot = (slot + 1) & mask
      }
      if number < 0 {
        firsts.append(index)
        hashes.append(hash)
        slots[slot] = Int32(firsts.count)
        number = firsts.count - 1
      }
      numbers.append(number)
    }
    self.slots = slots
    self.firsts = firsts
    self.hashes = hashes
    self.numbers = numbers
  }

  /// `body` on the name's UTF-8 bytes, in place (a copy only of a name not stored contiguously).
  private static func withBytes<Result>(
    of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if let result = name.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = name
    return copy.withUTF8(body)
  }

  /// How many distinct names there are.
  var count: Int { firsts.count }

  /// The distinct number of the list's name at `index`.
  func number(ofNameAt index: Int) -> Int { numbers[index] }

  /// The distinct name numbered `number`.
  func name(numbered number: Int) -> String { names[firsts[number]] }

  /// The distinct number of the name whose bytes are `bytes`, if it is one of the list's.
  func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    find(bytes, hash: Self.hash(bytes))
  }

  private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let number = Int(slots[slot]) - 1
      if hashes[number] == hash, Self.equal(names[firsts[number]], bytes) { return number }
      slot = (slot + 1) & mask
    }
    return nil
  }

  private static func equal(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    withBytes(of: name) { own in
      own.count == bytes.count
        && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
    }
  }

  /// A 64-bit hash of bytes, eight at a time (a table's hash, not a defence against crafted
  /// collisions: those only slow the lookup).
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let raw = UnsafeRawBufferPointer(bytes)
    func word(_ offset: Int) -> UInt64 {
      raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }
    func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
      let mixed = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
      return mixed ^ (mixed >> 29)
    }
    // Two lanes of sixteen bytes a step, independent of each other (a mangled name is about a
    // hundred bytes: one lane waits on each multiplication).
    var first: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(bytes.count)
    var second: UInt64 = 0xD6E8_FEB8_6659_FD93
    var offset = 0
    while offset + 16 <= raw.count {
      first = mix(first, word(offset))
      second = mix(second, word(offset + 8))
      offset += 16
    }
    if offset + 8 <= raw.count {
      first = mix(first, word(offset))
      offset += 8
    }
    var tail: UInt64 = 0
    if offset < raw.count, raw.count >= 8 {
      // The last bytes in one word that ends with them (it may read bytes mixed in already).
      tail = word(raw.count - 8)
    } else {
      var shift: UInt64 = 0
      while offset < raw.count {
        tail |= UInt64(raw[offset]) << shift
        shift += 8
        offset += 1
      }
    }
    let hash = (first ^ (second &* 0x94D0_49BB_1331_11EB) ^ tail) &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 32)
  }
}
