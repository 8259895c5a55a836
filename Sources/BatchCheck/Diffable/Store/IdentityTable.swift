/// A hash table from ids to nodes (small integers), as `IdentityKey` tells
/// ids apart: an entry matches an id when their hash values are equal and
/// the ids are `==`.
///
/// The table holds no ids: each entry is a node and the hash value its id
/// had when it was inserted, and a lookup compares the id with the node's
/// id in the caller's array (`keys[node]`). So the caller computes each
/// id's hash value once and hands it in, and the table never hashes an
/// id: its slot comes from the hash value by one multiplication
/// (Fibonacci hashing). Open addressing with linear probing, at most half
/// full; removal shifts the entries behind back (no tombstones).
///
/// - Complexity: each call O(1) expected, amortised over the growth of the
///   table (which moves every entry, O(*n*) for *n* entries, each time the
///   table doubles).
struct IdentityTable {
  private struct Slot {
    var hash: Int
    /// The entry's node; `empty` marks a free slot.
    var node: Int
  }

  private static let empty = -1
  private var slots: [Slot] = []
  /// 64 minus the base-2 logarithm of the slot count.
  private var shift: UInt64 = 64
  /// How many entries the table holds.
  private(set) var count = 0
  /// Slots probed and entries moved by the mutating calls (the complexity
  /// tests read it).
  private(set) var steps = 0

  /// The hash value of each id, in order: what the table's calls take.
  ///
  /// - Complexity: O(*k*) for *k* ids.
  static func hashValues<ID: Hashable>(of ids: [ID]) -> [Int] {
    var hashes: [Int] = []
    hashes.reserveCapacity(ids.count)
    for id in ids { hashes.append(id.hashValue) }
    return hashes
  }

  /// The home slot of a hash value.
  @inline(__always)
  private func home(_ hash: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The node whose id is `id`: an entry with `hash` whose node's id in
  /// `keys` is `==` to `id`; nil when there is none.
  ///
  /// - Complexity: O(1) expected.
  func find<ID: Equatable>(_ id: ID, hash: Int, in keys: [ID]) -> Int? {
    guard count > 0 else { return nil }
    let mask = slots.count - 1
    var index = home(hash)
    while true {
      let slot = slots[index]
      if slot.node == Self.empty { return nil }
      if slot.hash == hash, keys[slot.node] == id { return slot.node }
      index = (index + 1) & mask
    }
  }

  /// The slot holding `node`, whose id had `hash`.
  private func slotIndex(node: Int, hash: Int) -> Int? {
    guard count > 0 else { return nil }
    let mask = slots.count - 1
    var index = home(hash)
    while true {
      let slot = slots[index]
      if slot.node == Self.empty { return nil }
      if slot.node == node { return index }
      index = (index + 1) & mask
    }
  }

  /// Makes room for `total` entries in all, so that inserting up to that
  /// many moves no entry.
  ///
  /// - Complexity: O(*n*) when the table grows, for *n* entries; else O(1).
  mutating func reserve(_ total: Int) {
    guard total * 2 > slots.count else { return }
    var capacity = max(16, slots.count)
    while capacity < total * 2 { capacity *= 2 }
    let old = slots
    slots = Array(repeating: Slot(hash: 0, node: Self.empty), count: capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    for slot in old where slot.node != Self.empty { place(slot) }
  }

  /// Puts an entry in the first free slot from its home.
  @inline(__always)
  private mutating func place(_ slot: Slot) {
    let mask = slots.count - 1
    var index = home(slot.hash)
    steps += 1
    while slots[index].node != Self.empty {
      index = (index + 1) & mask
      steps += 1
    }
    slots[index] = slot
  }

  /// Adds `node`, whose id has `hash`; the caller knows the id is not in
  /// the table.
  ///
  /// - Complexity: O(1) expected, amortised.
  mutating func insert(hash: Int, node: Int) {
    reserve(count + 1)
    place(Slot(hash: hash, node: node))
    count += 1
  }

  /// Adds the nodes `firstNode`, `firstNode + 1`, ... whose ids have
  /// `hashes`, in order; the caller knows none of the ids is in the table.
  ///
  /// - Complexity: O(*k*) expected, amortised, for *k* hash values.
  mutating func insert(hashes: [Int], firstNode: Int) {
    reserve(count + hashes.count)
    for (offset, hash) in hashes.enumerated() { place(Slot(hash: hash, node: firstNode + offset)) }
    count += hashes.count
  }

  /// Adds the nodes `firstNode`, `firstNode + 1`, ... whose ids are
  /// `keys[firstNode...]` with `hashes`, when none of those ids is in the
  /// table: each probe that finds an id absent takes the free slot it ends
  /// on. When one is there, removes the nodes it added and returns false.
  ///
  /// - Complexity: O(*k*) expected, amortised, for *k* hash values.
  mutating func insertNew<ID: Equatable>(hashes: [Int], firstNode: Int, keys: [ID]) -> Bool {
    reserve(count + hashes.count)
    let mask = slots.count - 1
    for (offset, hash) in hashes.enumerated() {
      let node = firstNode + offset
      var index = home(hash)
      steps += 1
      while slots[index].node != Self.empty {
        let slot = slots[index]
        if slot.hash == hash, keys[slot.node] == keys[node] {
          for added in 0..<offset { remove(node: firstNode + added, hash: hashes[added]) }
          return false
        }
        index = (index + 1) & mask
        steps += 1
      }
      slots[index] = Slot(hash: hash, node: node)
      count += 1
    }
    return true
  }

  /// Removes `node`, whose id had `hash` when it was inserted; nothing
  /// when the table does not hold it.
  ///
  /// - Complexity: O(1) expected.
  mutating func remove(node: Int, hash: Int) {
    guard var hole = slotIndex(node: node, hash: hash) else { return }
    let mask = slots.count - 1
    var next = (hole + 1) & mask
    // Backward shift: each entry behind the hole that may live in it moves
    // there, until a free slot ends the cluster.
    while slots[next].node != Self.empty {
      steps += 1
      let distance = (next - home(slots[next].hash)) & mask
      if distance >= (next - hole) & mask {
        slots[hole] = slots[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    slots[hole].node = Self.empty
    count -= 1
  }
}
