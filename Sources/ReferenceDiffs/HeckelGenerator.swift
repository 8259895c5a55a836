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
    let pairing = HeckelPairing(old: old, new: new, id: \.id)
    // Pass 5's test: a pair whose ranks differ moves (IGListKit's).
    return Self.batch(
      old: old, new: new, reconfigures: reconfigures, newIndexOfOld: pairing.newIndex(ofOld:),
      oldIndexOfNew: pairing.oldIndex(ofNew:)
    ) { _, oldRank, rank in oldRank == rank }
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
  static func batch(
    old: [Row], new: [Row], reconfigures: Bool, newIndexOfOld: (Int) -> Int?,
    oldIndexOfNew: (Int) -> Int?, stays: (_ index: Int, _ oldRank: Int, _ rank: Int) -> Bool
  ) -> BatchUpdate {
    // Pass 4: deletes, and the rank of each paired old row.
    var deleted = [Bool](repeating: false, count: old.count)
    var oldRank = [Int](repeating: 0, count: old.count)
    var paired = 0
    for index in old.indices {
      if newIndexOfOld(index) == nil {
        deleted[index] = true
      } else {
        oldRank[index] = paired
        paired += 1
      }
    }

    // Pass 5: inserts, moves, and stayers.
    var inserted = [Bool](repeating: false, count: new.count)
    var moves: [RowMove] = []
    moves.reserveCapacity(paired)
    var changedStayers: [(old: Int, new: Int)] = []
    paired = 0
    for index in new.indices {
      guard let source = oldIndexOfNew(index) else {
        inserted[index] = true
        continue
      }
      let rank = paired
      paired += 1
      let changed = old[source].content != new[index].content
      if !stays(index, oldRank[source], rank) {
        if changed {  // Pass 6, first half: a moved row cannot be reloaded.
          deleted[source] = true
          inserted[index] = true
        } else {
          moves.append(RowMove(from: RowPath(0, source), to: RowPath(0, index)))
        }
      } else if changed {
        changedStayers.append((source, index))
      }
    }

    // Pass 6, second half: reconfigure a stayer whose index does not change
    // (heckel-reconfigure), else reload it only where UIKit puts it back.
    var reloads: [RowPath] = []
    var reconfigureRows: [RowPath] = []
    let deletesBefore = changedStayers.isEmpty ? [] : Self.prefixCounts(deleted)
    let insertsBefore = changedStayers.isEmpty ? [] : Self.prefixCounts(inserted)
    for stayer in changedStayers {
      if reconfigures, stayer.old == stayer.new {
        // The cell at the old path asks the data source for that same path,
        // where the row now is.
        reconfigureRows.append(RowPath(0, stayer.old))
      } else if stayer.old - deletesBefore[stayer.old] == stayer.new - insertsBefore[stayer.new] {
        reloads.append(RowPath(0, stayer.old))
      } else {
        deleted[stayer.old] = true
        inserted[stayer.new] = true
      }
    }

    return BatchUpdate(
      deleteRows: Self.paths(where: deleted), insertRows: Self.paths(where: inserted),
      reloadRows: reloads, moveRows: moves, reconfigureRows: reconfigureRows)
  }

  /// The section-0 paths of the `true` flags, in order.
  static func paths(where flags: [Bool]) -> [RowPath] {
    var count = 0
    for flag in flags where flag { count += 1 }
    var paths: [RowPath] = []
    paths.reserveCapacity(count)
    for (index, flag) in flags.enumerated() where flag { paths.append(RowPath(0, index)) }
    return paths
  }

  /// `counts[i]` is the number of `true` flags before index `i`.
  static func prefixCounts(_ flags: [Bool]) -> [Int] {
    var counts = [Int](repeating: 0, count: flags.count + 1)
    for (index, flag) in flags.enumerated() {
      counts[index + 1] = counts[index] + (flag ? 1 : 0)
    }
    return counts
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
  /// The pairs, in one buffer: at `oldStart + i` the new index old row `i`
  /// is paired with, at `newStart + j` the old index new row `j` is paired
  /// with; -1 for none.
  private let work: [Int]
  private let oldStart: Int
  private let newStart: Int
  private let oldCount: Int
  private let newCount: Int

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

  /// For each old index, the new index it is paired with (new space).
  var oldToNew: [Int?] { (0..<oldCount).map(newIndex(ofOld:)) }
  /// For each new index, the old index it is paired with (old space).
  var newToOld: [Int?] { (0..<newCount).map(oldIndex(ofNew:)) }

  init(old: [RowValue], new: [RowValue]) {
    self.init(old: old, new: new, id: { $0 })
  }

  /// Pairs rows by `id(row)`, without copying the identities out first;
  /// small integer identities through a flat table (`EntryTable`).
  init<Element>(old: [Element], new: [Element], id: (Element) -> RowValue) {
    var table = EntryTable(limit: 2 * (old.count + new.count) + 64, capacity: old.count + new.count)
    // One buffer for the four working arrays (few allocations per call):
    // per entry, its occurrences in new (Heckel's NC) and the top of its
    // stack of old indexes (Heckel's OLNO, lowest on top, -1 for empty);
    // per old index, the next one down its stack; per new index, its entry.
    let capacity = old.count + new.count
    let counters = 0
    let tops = capacity
    let below = 2 * capacity
    let entryOf = 2 * capacity + old.count
    let oldStart = entryOf + new.count
    let newStart = oldStart + old.count
    var work = [Int](repeating: -1, count: newStart + new.count)
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
      work[newStart + index] = source
      work[oldStart + source] = index
    }
    self.work = work
    self.oldStart = oldStart
    self.newStart = newStart
    self.oldCount = old.count
    self.newCount = new.count
  }
}

/// The symbol table of Heckel's passes 1 and 2: identity -> entry number.
/// Identities that are integers in `0..<limit` (as random cases' and many
/// apps' ids are) index a flat table; any others go through a dictionary,
/// one lookup per row. Both pair exactly the same rows.
private struct EntryTable {
  var slots: [Int]
  var others: [RowValue: Int] = [:]
  let capacity: Int

  init(limit: Int, capacity: Int) {
    slots = [Int](repeating: -1, count: limit)
    self.capacity = capacity
  }

  /// The entry of `id`; `next` (stored for it) when it has none yet.
  mutating func entry(for id: RowValue, next: Int) -> Int {
    if case .int(let value) = id, value >= 0, value < slots.count {
      if slots[value] < 0 { slots[value] = next }
      return slots[value]
    }
    if others.isEmpty { others.reserveCapacity(capacity) }
    return Self.claim(&others[id, default: -1], next)
  }

  @inline(__always)
  private static func claim(_ slot: inout Int, _ next: Int) -> Int {
    if slot < 0 { slot = next }
    return slot
  }
}
