import BatchCheck

/// Paul Heckel's 1978 linear-time diff, as IGListKit and DifferenceKit use it:
/// identity decides delete, insert or move; content decides reload.
///
///     HeckelGenerator().update(
///       from: [Row("a"), Row(id: "b", content: 1), Row("c")],
///       to: [Row("c"), Row(id: "b", content: 2), Row("a")])
///     // reloadRows: (0,1)                            b stays, content changed
///     // moveRows:   (0,2) -> (0,0), (0,0) -> (0,2)   c and a
///
///     HeckelGenerator().update(
///       from: [Row(id: "a", content: 1), Row("b")],
///       to: [Row("b"), Row(id: "a", content: 2)])
///     // deleteRows: (0,0), insertRows: (0,1)   a moved and changed
///     // moveRows:   (0,1) -> (0,0)             b
///
/// The passes, over a symbol table keyed by identity:
/// 1. each new row counts its identity and remembers its entry;
/// 2. each old row, walked backwards, pushes its index on its entry's stack;
/// 3. each new row pairs with the lowest old index left on its entry's stack.
///    Heckel paired only identities unique on both sides and then, in
///    passes 4 and 5, grew the pairs to equal neighbours; pairing every
///    occurrence through a stack, as IGListKit does, leaves those passes
///    nothing to find, so here they do the bookkeeping instead:
/// 4. unpaired old rows are deletes; each paired row gets its rank among the
///    paired rows on each side;
/// 5. unpaired new rows are inserts; a pair whose two ranks differ moves
///    (IGListKit's test), a pair whose ranks agree stays where it is, and the
///    stayers, increasing on both sides, fill exactly the slots UIKit leaves;
/// 6. content changes: UIKit cannot reload a moved row (R11), so a moved row
///    whose content changed becomes a delete and an insert; a stayer whose
///    content changed is reloaded at its old index when UIKit's reload
///    arithmetic (explicit deletes and inserts count, moves do not)
///    lands its insert on the row's new index, and is deleted and inserted
///    otherwise.
///
/// `heckel-reconfigure` (`HeckelGenerator(reconfigures: true)`) differs in
/// pass 6 alone: a stayer whose content changed and whose index is the same
/// on both sides is reconfigured instead (iOS 15 and later). UIKit asks the
/// data source for the row at the cell's path before the update, so a stayer
/// whose index shifts cannot be reconfigured in the same batch; it is
/// reloaded, or deleted and inserted, as by `heckel`.
///
/// Paths: deletes, reloads, reconfigures and move sources are old-space;
/// inserts and move destinations new-space. Every path appears once, so the update is valid
/// with repeated identities too.
///
/// - Complexity: O(*m* + *n*) expected time and memory, where *m* and *n* are
///   the numbers of old and new rows (expected, because identities are hashed).
public struct HeckelGenerator: DeltaGenerator {
  /// Whether a changed row that keeps its index is reconfigured
  /// (`heckel-reconfigure`) rather than reloaded.
  public let reconfigures: Bool

  /// Heckel's diff; with `reconfigures`, `heckel-reconfigure` (see
  /// `Sources/BatchCheck/BatchCheck.docc/HeckelReconfigure.md`): changed rows
  /// that keep their index are reconfigured, which needs iOS 15 (the `ios18`
  /// profile).
  public init(reconfigures: Bool = false) {
    self.reconfigures = reconfigures
  }

  public var name: String { reconfigures ? "heckel-reconfigure" : "heckel" }

  public func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    // The pairing's working arrays live in one scratch buffer, on the stack
    // for a small case.
    let count = HeckelPairing.workCount(old: old.count, new: new.count)
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { work in
      let pairs = HeckelPairing.pair(old: old, new: new, id: { $0.id }, into: work)
      // Pass 5's test: a pair whose ranks differ moves (IGListKit's).
      return Self.batch(
        old: old, new: new, reconfigures: reconfigures,
        newIndexOfOld: { pairs.newIndex(ofOld: $0) }, oldIndexOfNew: { pairs.oldIndex(ofNew: $0) }
      ) { _, oldRank, rank in oldRank == rank }
    }
  }

  /// Passes 4 to 6, given the pairs and which of them stay: deletes for
  /// unpaired old rows, inserts for unpaired new rows, moves for the pairs
  /// that do not stay, and the content changes of pass 6. The stayers must
  /// be increasing on both sides.
  ///
  /// - Parameters:
  ///   - newIndexOfOld: the new index old row `i` is paired with, if any.
  ///   - oldIndexOfNew: the old index new row `j` is paired with, if any.
  ///   - stays: whether the pair of new row `j` stays, given `j`, the old
  ///     row's rank among the paired old rows and the new row's among the
  ///     paired new rows.
  /// - Complexity: O(*m* + *n*), where *m* and *n* are the numbers of old
  ///   and new rows.
  @inline(__always)  // Into each caller, so that its closures are inlined too.
  static func batch(
    old: [Row], new: [Row], reconfigures: Bool, newIndexOfOld: (Int) -> Int?,
    oldIndexOfNew: (Int) -> Int?, stays: (_ index: Int, _ oldRank: Int, _ rank: Int) -> Bool
  ) -> BatchUpdate {
    // One scratch buffer, on the stack for a small case: per old row its
    // rank among the paired old rows, or `deleted`; per new row `kept`,
    // `inserted` or `changedStayer`.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: old.count + new.count) { state in
      let oldState = UnsafeMutableBufferPointer(rebasing: state[0..<old.count])
      let newState = UnsafeMutableBufferPointer(rebasing: state[old.count...])
      // Pass 4: deletes, and the rank of each paired old row.
      var paired = 0
      for index in old.indices {
        if newIndexOfOld(index) == nil {
          oldState[index] = deleted
        } else {
          oldState[index] = paired
          paired += 1
        }
      }
      // Pass 5: inserts, moves, and stayers.
      var moves: [RowMove] = []
      var rank = 0
      for index in new.indices {
        guard let source = oldIndexOfNew(index) else {
          newState[index] = inserted
          continue
        }
        newState[index] = kept
        let changed = old[source].content != new[index].content
        if !stays(index, oldState[source], rank) {
          if changed {  // Pass 6, first half: a moved row cannot be reloaded.
            oldState[source] = deleted
            newState[index] = inserted
          } else {
            if moves.isEmpty { moves.reserveCapacity(paired - rank) }
            moves.append(RowMove(from: RowPath(0, source), to: RowPath(0, index)))
          }
        } else if changed {
          newState[index] = changedStayer
        }
        rank += 1
      }
      var update = Self.contentChanges(
        reconfigures: reconfigures, oldState: oldState, newState: newState,
        oldIndexOfNew: oldIndexOfNew)
      update.deleteRows = Self.paths(where: oldState) { $0 == deleted }
      update.insertRows = Self.paths(where: newState) { $0 == inserted }
      update.moveRows = moves
      return update
    }
  }

  /// The mark of a deleted old row, in place of its rank.
  private static var deleted: Int { -1 }
  /// The marks of a new row: paired and left as it is, inserted, or a
  /// stayer whose content changed (pass 6 decides).
  private static var kept: Int { 0 }
  private static var inserted: Int { 1 }
  private static var changedStayer: Int { 2 }

  /// Pass 6, second half: reconfigure a stayer whose index does not change
  /// (heckel-reconfigure), else reload it only where UIKit puts it back,
  /// else delete and insert it (marked in `oldState` and `newState`).
  /// UIKit's reload arithmetic counts the deletes and inserts of passes 4
  /// and 5 only: the stayers increase on both sides, so one walk of each
  /// side counts those below each stayer, passing every stayer before it
  /// is marked.
  ///
  /// - Returns: the reloads and reconfigures (old space).
  @inline(__always)
  private static func contentChanges(
    reconfigures: Bool, oldState: UnsafeMutableBufferPointer<Int>,
    newState: UnsafeMutableBufferPointer<Int>, oldIndexOfNew: (Int) -> Int?
  ) -> BatchUpdate {
    var update = BatchUpdate()
    var deletesBelow = 0
    var oldWalked = 0
    var insertsBelow = 0
    for index in newState.indices {
      let mark = newState[index]
      if mark == inserted { insertsBelow += 1 }
      guard mark == changedStayer, let source = oldIndexOfNew(index) else { continue }
      while oldWalked < source {
        if oldState[oldWalked] == deleted { deletesBelow += 1 }
        oldWalked += 1
      }
      oldWalked = source + 1  // The stayer itself, not deleted so far.
      if reconfigures, source == index {
        // The cell at the old path asks the data source for that same
        // path, where the row now is.
        update.reconfigureRows.append(RowPath(0, source))
      } else if source - deletesBelow == index - insertsBelow {
        update.reloadRows.append(RowPath(0, source))
      } else {
        oldState[source] = deleted
        newState[index] = inserted
      }
    }
    return update
  }

  /// The section-0 paths of the marks that pass `test`, in order.
  @inline(__always)
  private static func paths(
    where marks: UnsafeMutableBufferPointer<Int>, _ test: (Int) -> Bool
  ) -> [RowPath] {
    var count = 0
    for mark in marks where test(mark) { count += 1 }
    guard count > 0 else { return [] }
    var paths: [RowPath] = []
    paths.reserveCapacity(count)
    for (index, mark) in marks.enumerated() where test(mark) { paths.append(RowPath(0, index)) }
    return paths
  }
}

/// Passes 1 to 3 of Heckel's algorithm: which old row each new row is, by
/// identity, occurrences paired in order.
///
///     HeckelPairing(old: ["a", "b", "a"], new: ["a", "a", "c"])
///     // newToOld [0, 2, nil], oldToNew [0, nil, 1]
///
/// - Complexity: O(*m* + *n*) expected, where *m* and *n* are the lengths of
///   `old` and `new`.
struct HeckelPairing {
  /// The pairing's working arrays, the pairs last (`Pairs`).
  private let work: [Int]
  private let oldCount: Int
  private let newCount: Int

  /// For each old index, the new index it is paired with (new space).
  var oldToNew: [Int?] { (0..<oldCount).map { pairs.newIndex(ofOld: $0) } }
  /// For each new index, the old index it is paired with (old space).
  var newToOld: [Int?] { (0..<newCount).map { pairs.oldIndex(ofNew: $0) } }

  /// The pairs, read from `work`.
  private var pairs: Pairs<[Int]> { Pairs(work, oldCount: oldCount, newCount: newCount) }

  /// The new index old row `index` is paired with (new space), if any.
  func newIndex(ofOld index: Int) -> Int? { pairs.newIndex(ofOld: index) }

  /// Pairs identities.
  init(old: [RowValue], new: [RowValue]) {
    var work = [Int](repeating: 0, count: Self.workCount(old: old.count, new: new.count))
    work.withUnsafeMutableBufferPointer { work in
      _ = Self.pair(old: old, new: new, id: { $0 }, into: work)
    }
    self.work = work
    oldCount = old.count
    newCount = new.count
  }

  /// Which old row each new row is, read from the end of a pairing's
  /// working arrays: at `count - m - n + i` the new index old row `i` is
  /// paired with, at `count - n + j` the old index new row `j` is paired
  /// with; -1 for none (*m* and *n* the numbers of old and new rows).
  struct Pairs<Work: RandomAccessCollection<Int>> where Work.Index == Int {
    let work: Work
    let oldStart: Int
    let newStart: Int

    init(_ work: Work, oldCount: Int, newCount: Int) {
      self.work = work
      newStart = work.count - newCount
      oldStart = newStart - oldCount
    }

    /// The new index old row `index` is paired with (new space), if any.
    @inline(__always)
    func newIndex(ofOld index: Int) -> Int? {
      let target = work[oldStart + index]
      return target < 0 ? nil : target
    }

    /// The old index new row `index` is paired with (old space), if any.
    @inline(__always)
    func oldIndex(ofNew index: Int) -> Int? {
      let source = work[newStart + index]
      return source < 0 ? nil : source
    }
  }

  /// The room `pair(old:new:id:into:)` needs for *m* old and *n* new rows:
  /// the flat table of small integer identities, then four arrays.
  static func workCount(old: Int, new: Int) -> Int {
    flatLimit(old: old, new: new) + 4 * (old + new)
  }

  /// The identities `0..<flatLimit` take the flat table: every identity of
  /// a case with as many distinct ones as rows, if they are small.
  private static func flatLimit(old: Int, new: Int) -> Int { old + new + 16 }

  /// Pairs rows by `id(row)` in `work` (`workCount(old:new:)` integers, in
  /// any state): integer identities through tables of integers
  /// (`EntryTable`), never `Hasher`. Inlined where it is called, so that
  /// each caller's is compiled for its element type.
  ///
  /// - Returns: the pairs, in `work`.
  @inline(__always)
  static func pair<Element>(
    old: [Element], new: [Element], id: (Element) -> RowValue,
    into work: UnsafeMutableBufferPointer<Int>
  ) -> Pairs<UnsafeMutableBufferPointer<Int>> {
    work.initialize(repeating: -1)
    let limit = flatLimit(old: old.count, new: new.count)
    var table = EntryTable(
      slots: UnsafeMutableBufferPointer(rebasing: work[0..<limit]), capacity: old.count + new.count)
    // The four working arrays: per entry, its occurrences in new (Heckel's
    // NC) and the top of its stack of old indexes (Heckel's OLNO, lowest on
    // top, -1 for empty); per old index, the next one down its stack; per
    // new index, its entry. The pairs follow.
    let capacity = old.count + new.count
    let counters = limit
    let tops = counters + capacity
    let below = tops + capacity
    let entryOf = below + old.count
    let pairs = Pairs(work, oldCount: old.count, newCount: new.count)
    var entries = 0

    func entry(_ id: RowValue) -> Int {
      let e = table.entry(for: id, next: entries)
      if e == entries {
        entries += 1
        work[counters + e] = 0
      }
      return e
    }

    // Pass 1: the new rows.
    for (index, element) in new.enumerated() {
      let e = entry(id(element))
      work[counters + e] += 1
      work[entryOf + index] = e
    }
    // Pass 2: the old rows, backwards, so the lowest index ends on top.
    for index in old.indices.reversed() {
      let e = entry(id(old[index]))
      work[below + index] = work[tops + e]
      work[tops + e] = index
    }
    // Pass 3: pair each new row with the next old occurrence of its identity.
    for index in new.indices {
      let e = work[entryOf + index]
      let source = work[tops + e]
      guard work[counters + e] > 0, source >= 0 else { continue }
      work[tops + e] = work[below + source]
      work[pairs.newStart + index] = source
      work[pairs.oldStart + source] = index
    }
    return pairs
  }
}

/// The symbol table of Heckel's passes 1 and 2: identity -> entry number.
/// Identities that are integers in `0..<limit` (as random cases' and many
/// apps' ids are) index a flat table; other integers go through an
/// open-addressing table of integers (a multiplication and a probe or two),
/// strings through a dictionary. All three pair exactly the same rows.
private struct EntryTable {
  /// The flat table: at `i` the entry of identity `.int(i)`, -1 for none.
  let slots: UnsafeMutableBufferPointer<Int>
  var integers = IntegerEntries()
  var strings: [String: Int] = [:]
  /// How many rows the case has: a bound on its distinct identities.
  let capacity: Int

  /// The entry of `id`; `next` (stored for it) when it has none yet.
  @inline(__always)
  mutating func entry(for id: RowValue, next: Int) -> Int {
    switch id {
    case .int(let value):
      if value >= 0, value < slots.count {
        if slots[value] < 0 { slots[value] = next }
        return slots[value]
      }
      return integers.entry(for: value, next: next, capacity: capacity)
    case .string(let value):
      if strings.isEmpty { strings.reserveCapacity(capacity) }
      return Self.claim(&strings[value, default: -1], next)
    }
  }

  @inline(__always)
  private static func claim(_ slot: inout Int, _ next: Int) -> Int {
    if slot < 0 { slot = next }
    return slot
  }
}

/// Integer identity -> entry number for the integers a flat table cannot
/// index (negative or large ids): open addressing with linear probing over
/// a power-of-two table, made on the first such integer and sized for every
/// row of the case, so that it is never more than half full.
private struct IntegerEntries {
  /// Per slot, the integer held there.
  private var keys: [Int] = []
  /// Per slot, its entry; -1 when the slot is empty.
  private var entries: [Int] = []
  private var mask = 0

  /// The entry of `value`; `next` (stored for it) when it has none yet.
  /// `capacity` bounds the distinct integers the table will hold.
  mutating func entry(for value: Int, next: Int, capacity: Int) -> Int {
    if entries.isEmpty {
      var size = 16
      while size < 2 * capacity + 2 { size <<= 1 }
      mask = size - 1
      keys = [Int](repeating: 0, count: size)
      entries = [Int](repeating: -1, count: size)
    }
    // Fibonacci hashing: the high bits of the product spread any integers.
    let product = UInt64(bitPattern: Int64(value)) &* 0x9E37_79B9_7F4A_7C15
    var slot = Int(truncatingIfNeeded: product >> 32) & mask
    while entries[slot] >= 0 {
      if keys[slot] == value { return entries[slot] }
      slot = (slot + 1) & mask
    }
    keys[slot] = value
    entries[slot] = next
    return next
  }
}
