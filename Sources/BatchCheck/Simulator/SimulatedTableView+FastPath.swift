extension SimulatedTableView {
  /// The common case, fast: one section on both sides, only row operations
  /// (no reconfigure), every row on screen, and an update that passes every
  /// check. Both UIKit profiles agree on such updates. Returns `.valid` when the full
  /// simulation would, and nil whenever anything is unusual (a section
  /// operation, a duplicate, an index out of range, a conflict, a count or
  /// row that does not add up); the full simulation then gives the verdict
  /// with UIKit's exact text.
  ///
  /// For one section without section operations, UIKit's checks reduce to:
  /// distinct, in-range indexes; reload targets `r - deletes below r +
  /// inserts met` (the reload decomposition); no move from a deleted row or to an inserted one;
  /// old + inserted − deleted = new; and, for the row check, old cells in
  /// order around the inserted and moved ones.
  /// - Complexity: O(*n* + *k* log *k*), sorting only what is not sorted yet,
  ///   where *n* is the number of rows and *k* the number of operations.
  func fastValid<NewData: TableDataSource>(
    _ update: BatchUpdate, dataSource: NewData, counter: inout OperationCounter
  ) -> Verdict? {
    guard update.deleteSections.isEmpty, update.insertSections.isEmpty,
      update.reloadSections.isEmpty, update.moveSections.isEmpty,
      update.reconfigureRows.isEmpty, options.visibleRows == .all,
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

    guard let explicitDeletes = fastRows(update.deleteRows, below: oldCount, counter: &counter),
      let explicitInserts = fastRows(update.insertRows, below: newCount, counter: &counter),
      let reloads = fastRows(update.reloadRows, below: oldCount, counter: &counter),
      let moveFroms = fastRows(update.moveRows.map(\.from), below: oldCount, counter: &counter),
      let moveTos = fastRows(update.moveRows.map(\.to), below: newCount, counter: &counter),
      let reloadTargets = fastReloadTargets(
        reloads, deletes: explicitDeletes, inserts: explicitInserts, counter: &counter)
    else { return nil }

    guard let deletes = mergeDistinct(explicitDeletes, reloads, counter: &counter),
      let inserts = mergeDistinct(explicitInserts, reloadTargets, counter: &counter),
      inserts.last.map({ $0 < newCount }) ?? true,
      disjoint(deletes, moveFroms, counter: &counter),  // R11
      disjoint(inserts, moveTos, counter: &counter),  // R12
      oldCount - deletes.count + inserts.count == newCount  // R2
    else { return nil }

    let rowsInOrder = fastRowsInOrder(
      update, deletes: deletes, inserts: inserts, moveFroms: moveFroms, oldCount: oldCount,
      newCount: newCount, dataSource: dataSource, counter: &counter)
    return rowsInOrder ? .valid : nil
  }

  /// The rows of `paths` if all are in section 0 and inside `0..<count`, sorted and distinct;
  /// nil otherwise.
  private func fastRows(
    _ paths: [RowPath], below count: Int, counter: inout OperationCounter
  ) -> [Int]? {
    var result: [Int] = []
    result.reserveCapacity(paths.count)
    var sorted = true
    for path in paths {
      counter.add()
      guard path.section == 0, path.row >= 0, path.row < count else { return nil }
      if let last = result.last, last >= path.row { sorted = false }
      result.append(path.row)
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
  @inline(__always)
  private func fastReloadTargets(
    _ reloads: [Int], deletes explicitDeletes: [Int], inserts explicitInserts: [Int],
    counter: inout OperationCounter
  ) -> [Int]? {
    // Reloads ascending, so both walks advance monotonically.
    var reloadTargets: [Int] = []
    reloadTargets.reserveCapacity(reloads.count)
    var deletesBelow = 0
    var insertsMet = 0
    for reload in reloads {
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
      reloadTargets.append(afterDeletes + insertsMet)
    }
    return reloadTargets
  }

  /// The row check of the fast path: whether every cell of new-space section 0 (`newCount`
  /// rows) shows the data source's row, given the sorted `deletes` (old space, reloads
  /// included), `inserts` (new space, reload targets included) and move sources `moveFroms`
  /// (old space) of old section 0 (`oldCount` rows).
  @inline(__always)
  private func fastRowsInOrder<NewData: TableDataSource>(
    _ update: BatchUpdate, deletes: [Int], inserts: [Int], moveFroms: [Int], oldCount: Int,
    newCount: Int, dataSource: NewData, counter: inout OperationCounter
  ) -> Bool {
    // The row check: cells placed by inserts (fresh) and moves (old rows),
    // old cells in order around them.
    var moves = update.moveRows.map { (to: $0.to.row, from: $0.from.row) }
    if !moves.isEmpty {
      counter.add(moves.count)
      moves.sort { $0.to < $1.to }
    }
    var removed = deletes
    if !moveFroms.isEmpty {
      guard let merged = mergeDistinct(deletes, moveFroms, counter: &counter) else { return false }
      removed = merged
    }
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
      let shown = oldData.row(at: RowPath(section: 0, row: shownRow))
      let expected = dataSource.row(at: RowPath(section: 0, row: position))
      guard options.identityOnly ? shown.id == expected.id : shown == expected else { return false }
    }
    return true
  }

  /// The union of two sorted, distinct arrays, or nil when they share an element.
  private func mergeDistinct(_ a: [Int], _ b: [Int], counter: inout OperationCounter) -> [Int]? {
    if b.isEmpty { return a }
    if a.isEmpty { return b }
    var result: [Int] = []
    result.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      counter.add()
      if j == b.count || (i < a.count && a[i] < b[j]) {
        result.append(a[i])
        i += 1
      } else if i == a.count || b[j] < a[i] {
        result.append(b[j])
        j += 1
      } else {
        return nil
      }
    }
    return result
  }

  /// Whether two sorted arrays share no element.
  private func disjoint(_ a: [Int], _ b: [Int], counter: inout OperationCounter) -> Bool {
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      counter.add()
      if a[i] < b[j] { i += 1 } else if b[j] < a[i] { j += 1 } else { return false }
    }
    return true
  }
}
