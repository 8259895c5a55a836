/// The local passes: they run when the others are at a fixpoint and the case
/// has at most `Shrinker.localLimit` rows. Each tries O(*n*²) candidates,
/// where *n* is the number of rows, and returns at the first that is kept.
extension ShrinkRun {
  /// Reorders rows without dropping any, toward the smaller shape and values
  /// of `ShrinkOrder`: swaps old and new; moves one row of old into new, at
  /// each place; swaps two rows (anywhere in old then new) when that makes
  /// the values smaller; replaces one row's id by a smaller id in use.
  ///
  ///     old [a a], new []     -- swap sides --> old [], new [a a]
  ///     old [a b], new [b a]  -- swap old 1 and new 1 --> old [a a], new [b b]
  ///
  /// - Returns: whether a reordered case was kept.
  /// - Complexity: O(*n*² + *n* × *v*) calls, where *n* is the number of rows
  ///   and *v* the number of distinct values.
  mutating func reorder() -> Bool {
    let start = best
    if attempt(ShrinkCase(old: start.new, new: start.old)) { return true }
    let oldCount = start.old.rowCount
    let newCount = start.new.rowCount
    if !start.new.isEmpty {
      for from in 0..<oldCount {
        guard let row = start.old.row(at: from) else { continue }
        for to in 0...newCount {
          var candidate = start
          candidate.old = start.old.removingRows(from..<(from + 1))
          candidate.new = start.new.insertingRow(row, at: to)
          if attempt(candidate) { return true }
          if exhausted { return false }
        }
      }
    }
    let rows = start.allRows
    for first in rows.indices {
      for second in rows.indices where second > first && rows[first] != rows[second] {
        let swapped = start.replacingRow(at: first, with: rows[second])
          .replacingRow(at: second, with: rows[first])
        if attempt(swapped) { return true }
        if exhausted { return false }
      }
    }
    let values = start.valuesInOrder
    for (position, row) in rows.enumerated() {
      for value in values where ValueRank(value) < ValueRank(row.id) {
        let content = row.content == row.id ? value : row.content
        if attempt(start.replacingRow(at: position, with: Row(id: value, content: content))) {
          return true
        }
        if exhausted { return false }
      }
    }
    return false
  }

  /// Escapes a dead end: renames one occurrence of a repeated id to a name
  /// not in use, then drops one other row. The renamed case is asked first;
  /// only if it fails are its single-row drops tried, each of which is
  /// smaller than `best` (one row fewer) and is accepted as usual.
  ///
  ///     old [a a a] -- split --> [b a a] -- drop row 1 --> [b a]
  ///
  /// A local pass: it runs at a fixpoint of the others, on cases of at most
  /// `Shrinker.localLimit` rows.
  /// - Returns: whether a split led to a smaller failing case.
  /// - Complexity: O(*n*²) calls, where *n* is the number of rows.
  mutating func splitDuplicate() -> Bool {
    let start = best
    let rows = start.allRows
    var counts: [RowValue: Int] = [:]
    for row in rows { counts[row.id, default: 0] += 1 }
    let free = start.smallestFreeName
    for (position, row) in rows.enumerated() where counts[row.id, default: 0] > 1 {
      if exhausted { return false }
      let renamed = Row(id: free, content: row.content == row.id ? free : row.content)
      let split = start.replacingRow(at: position, with: renamed)
      guard probe(split) else { continue }
      for other in rows.indices where other != position {
        if attempt(split.removingRow(at: other)) { return true }
      }
    }
    return false
  }

}

extension [[Row]] {
  /// The sections with `row` inserted at `index`, counting through the
  /// sections one after another; past the end, at the end of the last
  /// section. Unchanged when there is no section.
  ///
  ///     [[a], [b]].insertingRow(c, at: 1)  // [[a, c], [b]]
  func insertingRow(_ row: Row, at index: Int) -> [[Row]] {
    guard !isEmpty else { return self }
    var copy = self
    var rest = index
    for section in copy.indices {
      if rest <= copy[section].count, rest < copy[section].count || section == copy.count - 1 {
        copy[section].insert(row, at: rest)
        return copy
      }
      rest -= copy[section].count
    }
    return copy
  }
}
