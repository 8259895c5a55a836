extension SimulatedTableView {
  /// The common case, fast: one section on both sides, only row operations
  /// (no reconfigure), and an update that passes every check. With every
  /// row on screen, both UIKit profiles agree on such updates. Returns
  /// `.valid` when the full simulation would, and nil whenever anything is
  /// unusual (a section operation, a duplicate, an index out of range, a
  /// conflict, a count or row that does not add up); the full simulation
  /// then gives the verdict with UIKit's exact text.
  ///
  /// For one section without section operations, UIKit's checks reduce to:
  /// distinct, in-range indexes; reload targets `r - deletes below r +
  /// inserts met` (the reload decomposition); no move from a deleted row or to an inserted one;
  /// old + inserted − deleted = new; and, for the row check, old cells in
  /// order around the inserted and moved ones.
  ///
  /// With only some rows on screen (`SimulationOptions.visibleRows`), iOS 18
  /// drops the reloads of rows off screen first (D7), as the full simulation
  /// does, and the row check judges only the cells of rows on screen; under
  /// iOS 12 only the row check changes.
  /// - Complexity: O(*n* + *k* log *k*), sorting only what is not sorted yet,
  ///   where *n* is the number of rows and *k* the number of operations.
  func fastValid<NewData: TableDataSource>(
    _ update: BatchUpdate, dataSource: NewData, counter: inout OperationCounter
  ) -> Verdict? {
    guard update.deleteSections.isEmpty, update.insertSections.isEmpty,
      update.reloadSections.isEmpty, update.moveSections.isEmpty,
      update.reconfigureRows.isEmpty,
      oldData.numberOfSections == 1, dataSource.numberOfSections == 1
    else { return nil }
    let oldCount = oldData.numberOfRows(inSection: 0)
    let newCount = dataSource.numberOfRows(inSection: 0)
    guard oldCount >= 0, newCount >= 0 else { return nil }
    // The row count (R2) first: every reload adds one delete and one insert,
    // so an update whose counts cannot add up is left to the full
    // simulation before anything is sorted.
    guard oldCount &- update.deleteRows.count &+ update.insertRows.count == newCount else {
      return nil
    }
    // Every list below lives in one scratch buffer, on the stack for a
    // small update: no allocation per list.
    let (deletes, inserts) = (update.deleteRows.count, update.insertRows.count)
    let (reloads, moves) = (update.reloadRows.count, update.moveRows.count)
    let capacity = 3 * deletes + 2 * inserts + 5 * reloads + 3 * moves
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { buffer in
      var scratch = FastScratch(buffer)
      let valid = fastPasses(
        update, oldCount: oldCount, newCount: newCount, dataSource: dataSource,
        scratch: &scratch, counter: &counter)
      return valid ? .valid : nil
    }
  }

  /// `fastValid(_:dataSource:counter:)` once the shape and the counts
  /// passed: whether the update is valid, its lists sorted in `scratch`.
  @inline(__always)
  private func fastPasses<NewData: TableDataSource>(
    _ update: BatchUpdate, oldCount: Int, newCount: Int, dataSource: NewData,
    scratch: inout FastScratch, counter: inout OperationCounter
  ) -> Bool {
    guard
      let explicitDeletes = scratch.sortedRows(
        update.deleteRows, below: oldCount, counter: &counter),
      let explicitInserts = scratch.sortedRows(
        update.insertRows, below: newCount, counter: &counter),
      let reloads = walkedReloads(update, oldCount: oldCount, scratch: &scratch, counter: &counter),
      let moveFroms = scratch.sortedRows(
        update.moveRows.lazy.map { $0.from }, below: oldCount, counter: &counter),
      let moveTos = scratch.sortedRows(
        update.moveRows.lazy.map { $0.to }, below: newCount, counter: &counter),
      let reloadTargets = scratch.reloadTargets(
        reloads, deletes: explicitDeletes, inserts: explicitInserts, counter: &counter)
    else { return false }

    guard let deletes = scratch.mergeDistinct(explicitDeletes, reloads, counter: &counter),
      let inserts = scratch.mergeDistinct(explicitInserts, reloadTargets, counter: &counter),
      inserts.last.map({ $0 < newCount }) ?? true,
      Self.disjoint(deletes, moveFroms, counter: &counter),  // R11
      Self.disjoint(inserts, moveTos, counter: &counter),  // R12
      oldCount - deletes.count + inserts.count == newCount  // R2
    else { return false }

    // Old cells leave from the deleted rows (reloads included) and the move sources.
    guard let removed = scratch.mergeDistinct(deletes, moveFroms, counter: &counter) else {
      return false
    }
    return withUnsafeTemporaryAllocation(
      of: (to: Int, from: Int).self, capacity: update.moveRows.count
    ) { moves in
      fastRowsInOrder(
        update, inserts: inserts, removed: removed, moves: moves, oldCount: oldCount,
        newCount: newCount, dataSource: dataSource, counter: &counter)
    }
  }

  /// The update's reloads, sorted, once iOS 18 dropped those of rows off
  /// screen (D7): all of them with every row on screen or under iOS 12. A
  /// reload outside the old rows is not dropped here: the full simulation
  /// takes the update then.
  @inline(__always)
  private func walkedReloads(
    _ update: BatchUpdate, oldCount: Int, scratch: inout FastScratch,
    counter: inout OperationCounter
  ) -> UnsafeMutableBufferPointer<Int>? {
    let visible = options.visibleRows
    guard visible != .all, options.rules.dropsReloadsWithoutCell else {
      return scratch.sortedRows(update.reloadRows, below: oldCount, counter: &counter)
    }
    return scratch.sortedRows(
      update.reloadRows.lazy.filter { visible.contains($0) }, below: oldCount, counter: &counter)
  }

  /// The row check of the fast path: whether every cell of new-space section 0 (`newCount`
  /// rows) shows the data source's row, given the sorted `inserts` (new space, reload targets
  /// included) and the sorted rows `removed` (old space: deletes, reloads and move sources) of
  /// old section 0 (`oldCount` rows); `moves` is room for the update's moves.
  @inline(__always)
  private func fastRowsInOrder<NewData: TableDataSource>(
    _ update: BatchUpdate, inserts: UnsafeMutableBufferPointer<Int>,
    removed: UnsafeMutableBufferPointer<Int>,
    moves: UnsafeMutableBufferPointer<(to: Int, from: Int)>,
    oldCount: Int, newCount: Int, dataSource: NewData, counter: inout OperationCounter
  ) -> Bool {
    // The row check: cells placed by inserts (fresh) and moves (old rows),
    // old cells in order around them.
    var moves = moves
    var sorted = true
    for (index, move) in update.moveRows.enumerated() {
      moves[index] = (to: move.to.row, from: move.from.row)
      if index > 0, moves[index - 1].to > move.to.row { sorted = false }
    }
    if !moves.isEmpty {
      counter.add(moves.count)
      if !sorted { moves.sort { $0.to < $1.to } }
    }
    let visible = options.visibleRows
    let allVisible = visible == .all
    var nextInsert = 0
    var nextMove = 0
    var nextRemoved = 0
    var oldRow = 0
    for position in 0..<newCount {
      counter.add()
      let shownRow: Int
      if nextInsert < inserts.count, inserts[nextInsert] == position {
        nextInsert += 1
        continue
      } else if nextMove < moves.count, moves[nextMove].to == position {
        shownRow = moves[nextMove].from
        nextMove += 1
      } else {
        while nextRemoved < removed.count, removed[nextRemoved] == oldRow {
          nextRemoved += 1
          oldRow += 1
        }
        guard oldRow < oldCount else { return false }
        shownRow = oldRow
        oldRow += 1
      }
      // A row off screen had no cell: a fresh one asks the data source.
      guard allVisible || visible.contains(RowPath(section: 0, row: shownRow)) else { continue }
      let shown = oldData.row(at: RowPath(section: 0, row: shownRow))
      let expected = dataSource.row(at: RowPath(section: 0, row: position))
      guard options.identityOnly ? shown.id == expected.id : shown == expected else { return false }
    }
    return true
  }

  /// Whether two sorted lists share no element.
  private static func disjoint(
    _ a: UnsafeMutableBufferPointer<Int>, _ b: UnsafeMutableBufferPointer<Int>,
    counter: inout OperationCounter
  ) -> Bool {
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      counter.add()
      if a[i] < b[j] { i += 1 } else if b[j] < a[i] { j += 1 } else { return false }
    }
    return true
  }
}

/// The fast path's lists of rows, carved one after another out of one
/// buffer: every list is sorted and distinct, and one is never written
/// once a later one is taken.
struct FastScratch {
  private let buffer: UnsafeMutableBufferPointer<Int>
  private var used = 0

  init(_ buffer: UnsafeMutableBufferPointer<Int>) {
    self.buffer = buffer
  }

  /// The next `count` slots of the buffer.
  @inline(__always)
  private mutating func take(_ count: Int) -> UnsafeMutableBufferPointer<Int> {
    let list = UnsafeMutableBufferPointer(rebasing: buffer[used..<used + count])
    used += count
    return list
  }

  /// The rows of `paths` if all are in section 0 and inside `0..<count`, sorted and distinct;
  /// nil otherwise.
  mutating func sortedRows<Paths: Collection<RowPath>>(
    _ paths: Paths, below count: Int, counter: inout OperationCounter
  ) -> UnsafeMutableBufferPointer<Int>? {
    var result = take(paths.count)
    var filled = 0
    var sorted = true
    for path in paths {
      counter.add()
      guard path.section == 0, path.row >= 0, path.row < count else { return nil }
      if filled > 0, result[filled - 1] >= path.row { sorted = false }
      result[filled] = path.row
      filled += 1
    }
    if !sorted {
      counter.add(result.count)
      result.sort()
      for index in result.indices.dropFirst() where result[index - 1] == result[index] {
        return nil
      }
    }
    return result
  }

  /// The reload decomposition for one section: the new-space targets of the old-space `reloads`
  /// (sorted), given the sorted explicit `deletes` (old space) and `inserts` (new space); nil when
  /// a reload is also deleted (R10).
  mutating func reloadTargets(
    _ reloads: UnsafeMutableBufferPointer<Int>,
    deletes explicitDeletes: UnsafeMutableBufferPointer<Int>,
    inserts explicitInserts: UnsafeMutableBufferPointer<Int>, counter: inout OperationCounter
  ) -> UnsafeMutableBufferPointer<Int>? {
    // Reloads ascending, so both walks advance monotonically.
    let reloadTargets = take(reloads.count)
    var deletesBelow = 0
    var insertsMet = 0
    for (index, reload) in reloads.enumerated() {
      counter.add()
      while deletesBelow < explicitDeletes.count, explicitDeletes[deletesBelow] < reload {
        deletesBelow += 1
      }
      if deletesBelow < explicitDeletes.count, explicitDeletes[deletesBelow] == reload {
        return nil  // R10
      }
      let afterDeletes = reload - deletesBelow
      while insertsMet < explicitInserts.count,
        explicitInserts[insertsMet] <= afterDeletes + insertsMet
      {
        insertsMet += 1
      }
      reloadTargets[index] = afterDeletes + insertsMet
    }
    return reloadTargets
  }

  /// The union of two sorted, distinct lists, or nil when they share an
  /// element; one of them as it is when the other is empty.
  mutating func mergeDistinct(
    _ a: UnsafeMutableBufferPointer<Int>, _ b: UnsafeMutableBufferPointer<Int>,
    counter: inout OperationCounter
  ) -> UnsafeMutableBufferPointer<Int>? {
    if b.isEmpty { return a }
    if a.isEmpty { return b }
    let result = take(a.count + b.count)
    var i = 0
    var j = 0
    var k = 0
    while i < a.count || j < b.count {
      counter.add()
      if j == b.count || (i < a.count && a[i] < b[j]) {
        result[k] = a[i]
        i += 1
      } else if i == a.count || b[j] < a[i] {
        result[k] = b[j]
        j += 1
      } else {
        return nil
      }
      k += 1
    }
    return result
  }
}
