/// The case names of one file read so far, each with the line that named it
/// first: what `corpus check` needs to refuse a name given twice.
///
/// A corpus of a million named cases keeps a million names, so they are
/// kept compactly: their UTF-8 bytes one after another in one buffer, and
/// an open-addressing table of their indexes, probed by a 64-bit FNV-1a
/// hash of the bytes and confirmed byte for byte. About 60 bytes a name of
/// 32 bytes, where a `[String: Int]` takes about three times that.
struct CaseNames {
  /// Every name's bytes, one after another.
  private var bytes: [UInt8] = []
  /// Where each name's bytes end in `bytes` (each starts where the previous ends).
  private var ends: [Int] = []
  /// The line of each name, in the order the names came.
  private var lines: [Int] = []
  /// Each name's hash, so that a probe compares bytes only when hashes match.
  private var hashes: [UInt64] = []
  /// The open-addressing table: a name's index + 1, or 0 for an empty slot;
  /// a power of two, at most half full.
  private var slots: [Int32] = []

  /// How many names the table holds.
  var count: Int { ends.count }

  /// Adds `name`, read on line `line`, and returns nil; when the file
  /// already named a case so, adds nothing and returns that case's line.
  mutating func insert(_ name: String, line: Int) -> Int? {
    var name = name
    return name.withUTF8 { text in insert(text, line: line) }
  }

  private mutating func insert(_ text: UnsafeBufferPointer<UInt8>, line: Int) -> Int? {
    if (count + 1) * 2 > slots.count { grow() }
    let hash = Self.hash(text)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let index = Int(slots[slot]) - 1
      if hashes[index] == hash && equals(index, text) { return lines[index] }
      slot = (slot + 1) & mask
    }
    bytes.append(contentsOf: text)
    ends.append(bytes.count)
    lines.append(line)
    hashes.append(hash)
    slots[slot] = Int32(truncatingIfNeeded: ends.count)
    return nil
  }

  /// Whether the name at `index` is `text`, byte for byte.
  private func equals(_ index: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = index == 0 ? 0 : ends[index - 1]
    guard ends[index] - start == text.count else { return false }
    return bytes.withUnsafeBufferPointer { all in
      text.indices.allSatisfy { all[start + $0] == text[$0] }
    }
  }

  /// Doubles the table (16 slots at first) and places every name again.
  private mutating func grow() {
    slots = [Int32](repeating: 0, count: max(16, slots.count * 2))
    let mask = slots.count - 1
    for (index, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: index + 1)
    }
  }

  /// The 64-bit FNV-1a hash of `text`, its bits mixed so that the low ones
  /// the table uses depend on every byte.
  static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash ^ (hash >> 29)
  }
}
