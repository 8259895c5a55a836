/// The case names of one file read so far, each with the line that named it
/// first: what `corpus check` needs to refuse a name given twice.
///
/// A corpus of a million named cases has a million names, and keeping them
/// would make memory grow with the corpus. So a name is not kept: only two
/// fingerprints of its UTF-8 bytes (64 and 32 bits, from two different
/// hashes) and its line, 16 bytes in an open-addressing table at most seven
/// eighths full: about 18 to 37 bytes a name, whatever its length (a name
/// of 28 bytes took about 100 as text in arrays that double).
///
/// Two different names are taken for one only when both fingerprints agree:
/// for *n* names a chance of about *n*² / 2⁹⁷, below 10⁻¹⁵ for ten million
/// names. Lines past 4,294,967,294 are told as that line.
struct CaseNames {
  /// Two words a slot: a name's first fingerprint; then its second
  /// fingerprint (the high 32 bits) and its line + 1 (the low 32 bits, so
  /// never 0). A slot whose second word is 0 is empty.
  private var slots: [UInt64] = []
  /// How many names the table holds.
  private(set) var count = 0

  /// The slots of the table (a power of two, 16 at first).
  private var slotCount: Int { slots.count / 2 }

  /// The memory the table holds, in bytes: what grows with the names.
  var bytesHeld: Int { slots.capacity * MemoryLayout<UInt64>.stride }

  /// Adds `name`, read on line `line`, and returns nil; when the file
  /// already named a case so, adds nothing and returns that case's line.
  mutating func insert(_ name: String, line: Int) -> Int? {
    var name = name
    let (first, second) = name.withUTF8 { Self.fingerprints($0) }
    return insert(first: first, second: second, line: line)
  }

  private mutating func insert(first: UInt64, second: UInt32, line: Int) -> Int? {
    if (count + 1) * 8 > slotCount * 7 { grow() }
    let secondBits = UInt64(second) << 32
    let mask = slotCount - 1
    var slot = Int(truncatingIfNeeded: first) & mask
    while slots[2 * slot + 1] != 0 {
      let word = slots[2 * slot + 1]
      if slots[2 * slot] == first && word & 0xFFFF_FFFF_0000_0000 == secondBits {
        return Int(word & 0xFFFF_FFFF) - 1
      }
      slot = (slot + 1) & mask
    }
    slots[2 * slot] = first
    let told = UInt64(min(max(0, line), Int(UInt32.max) - 1) + 1)
    slots[2 * slot + 1] = secondBits | told
    count += 1
    return nil
  }

  /// Doubles the table (16 slots at first) and places every name again.
  private mutating func grow() {
    let old = slots
    slots = [UInt64](repeating: 0, count: 2 * max(16, 2 * slotCount))
    let mask = slotCount - 1
    for index in stride(from: 0, to: old.count, by: 2) where old[index + 1] != 0 {
      var slot = Int(truncatingIfNeeded: old[index]) & mask
      while slots[2 * slot + 1] != 0 { slot = (slot + 1) & mask }
      (slots[2 * slot], slots[2 * slot + 1]) = (old[index], old[index + 1])
    }
  }

  /// The two fingerprints of `text`: its 64-bit FNV-1a hash, its bits mixed
  /// so that the low ones the table uses depend on every byte; and a
  /// multiply-and-shift hash of the bytes and the length, in 32 bits.
  static func fingerprints(_ text: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt32) {
    var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
    var mixed: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(text.count)
    for byte in text {
      fnv = (fnv ^ UInt64(byte)) &* 0x100_0000_01b3
      mixed = (mixed &+ UInt64(byte)) &* 0xBF58_476D_1CE4_E5B9
      mixed ^= mixed >> 31
    }
    mixed = (mixed ^ (mixed >> 30)) &* 0x94D0_49BB_1331_11EB
    return (fnv ^ (fnv >> 29), UInt32(truncatingIfNeeded: mixed ^ (mixed >> 32)))
  }
}
