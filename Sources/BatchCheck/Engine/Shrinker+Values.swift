/// The passes that simplify values without dropping rows: contents, merges
/// and renaming.
extension ShrinkRun {
  /// Makes contents equal to ids: every row at once, then one row at a time;
  /// then lowers each remaining content to a smaller value already in use.
  ///
  ///     old [{a,0}], new [{a,1}] -- all plain --> (refused)
  ///                              -- old row plain --> old [a], new [{a,1}]
  ///
  /// - Complexity: O(*c* × *v*) calls, where *c* is the number of rows with a
  ///   separate content and *v* the number of distinct values.
  mutating func simplifyContents() {
    guard bestOrder.contents > 0 else { return }
    attempt(best.mappingRows { Row($0.id) })
    for inOld in [true, false] {
      var index = 0
      while index < side(inOld).rowCount {
        if let row = side(inOld).row(at: index), row.id != row.content {
          var candidate = best
          candidate[inOld] = candidate[inOld].replacingRow(at: index, with: Row(row.id))
          if attempt(candidate) { continue }
          for value in best.valuesInOrder where ValueRank(value) < ValueRank(row.content) {
            var lowered = best
            lowered[inOld] = lowered[inOld].replacingRow(
              at: index, with: Row(id: row.id, content: value))
            if attempt(lowered) { break }
          }
        }
        index += 1
      }
    }
  }

  /// Merges two values into one: every occurrence of a value, as id or
  /// content, becomes another value in use. For each value, the smaller
  /// values are tried first as targets (the result is then smaller in
  /// values too), then the value itself as the target of a smaller one
  /// (which may be the only merge that keeps the failure).
  ///
  ///     old [a], new [b a c] -- c becomes a --> old [a], new [b a a]
  ///     new [{q,1000}], fails when a content is an int >= 3 -- q becomes 1000 --> new [1000]
  ///
  /// - Complexity: O(*v*²) calls, where *v* is the number of distinct values.
  mutating func mergeValues() {
    var index = 1
    while index < best.valuesInOrder.count, !exhausted {
      let values = best.valuesInOrder
      let value = values[index]
      var changed = false
      for smaller in values[..<index] {
        if attempt(best.mappingValues { $0 == value ? smaller : $0 })
          || attempt(best.mappingValues { $0 == smaller ? value : $0 })
        {
          changed = true
          break
        }
      }
      if !changed { index += 1 }
    }
  }

  /// Renames the values to `a`, `b`, `c`, ... in order of first occurrence
  /// (old then new, id then content). When the predicate refuses that, lowers
  /// values one at a time, largest first: to the smallest name not in use,
  /// else, for a positive integer, to the smallest integer below it that a
  /// binary search finds still failing.
  ///
  ///     old [x], new [y x y] -- rename --> old [a], new [b a b]
  ///     new [{a,1000}], fails when a content is an int >= 3 -- lower --> new [{a,3}]
  ///
  /// - Complexity: O(*v* log *k*) calls, where *v* is the number of distinct
  ///   values and *k* the largest integer value.
  mutating func renameValues() {
    if attempt(best.canonical) { return }
    for value in best.valuesInOrder.reversed() {
      let free = best.smallestFreeName
      if ValueRank(free) < ValueRank(value),
        attempt(best.mappingValues { $0 == value ? free : $0 })
      {
        continue
      }
      guard case .int(let number) = value, number > 0 else { continue }
      // The smallest integer in low...high that fails is wanted; high fails.
      var low = 0
      var high = number
      var current = value
      while low < high, !exhausted {
        let middle = low + (high - low) / 2
        let lowered = RowValue.int(middle)
        let replaced = current
        if attempt(best.mappingValues { $0 == replaced ? lowered : $0 }) {
          high = middle
          current = lowered
        } else {
          low = middle + 1
        }
      }
    }
  }

  /// Asks `fails` about `candidate` whatever its size, within the budget and
  /// never twice for a refused one. `best` does not change.
  mutating func probe(_ candidate: ShrinkCase) -> Bool {
    guard !exhausted, !refused.contains(candidate) else { return false }
    guard calls < budget else {
      exhausted = true
      return false
    }
    calls += 1
    if fails(candidate.old, candidate.new) { return true }
    refused.insert(candidate)
    return false
  }
}

extension ShrinkCase {
  /// The distinct values, ids and contents, in the shrink's value order.
  var valuesInOrder: [RowValue] {
    var seen = Set<RowValue>()
    for row in allRows {
      seen.insert(row.id)
      seen.insert(row.content)
    }
    return seen.sorted { ValueRank($0) < ValueRank($1) }
  }

  /// The smallest canonical name (`a`, `b`, ...) not in use as id or content.
  var smallestFreeName: RowValue {
    var used = Set<Int>()
    for row in allRows {
      if let index = ValueRank.canonicalIndex(of: row.id) { used.insert(index) }
      if let index = ValueRank.canonicalIndex(of: row.content) { used.insert(index) }
    }
    var index = 0
    while used.contains(index) { index += 1 }
    return ValueRank.name(index)
  }

  /// The case with its values renamed to `a`, `b`, `c`, ... in order of first
  /// occurrence: old then new, each row's id then content.
  ///
  ///     old [x], new [{y,7} x]  // -> old [a], new [{b,c} a]
  var canonical: ShrinkCase {
    var names: [RowValue: RowValue] = [:]
    for row in allRows {
      for value in [row.id, row.content] where names[value] == nil {
        names[value] = ValueRank.name(names.count)
      }
    }
    return mappingValues { names[$0] ?? $0 }
  }

  /// The case with every id and content passed through `transform`.
  func mappingValues(_ transform: (RowValue) -> RowValue) -> ShrinkCase {
    mappingRows { Row(id: transform($0.id), content: transform($0.content)) }
  }

  /// The case with every row passed through `transform`.
  func mappingRows(_ transform: (Row) -> Row) -> ShrinkCase {
    ShrinkCase(
      old: old.map { $0.map(transform) }, new: new.map { $0.map(transform) })
  }

  /// The case with the row at `position` (old's rows, then new's) replaced.
  func replacingRow(at position: Int, with row: Row) -> ShrinkCase {
    let oldCount = old.rowCount
    var copy = self
    if position < oldCount {
      copy.old = old.replacingRow(at: position, with: row)
    } else {
      copy.new = new.replacingRow(at: position - oldCount, with: row)
    }
    return copy
  }

  /// The case without the row at `position` (old's rows, then new's).
  func removingRow(at position: Int) -> ShrinkCase {
    let oldCount = old.rowCount
    var copy = self
    if position < oldCount {
      copy.old = old.removingRows(position..<(position + 1))
    } else {
      copy.new = new.removingRows((position - oldCount)..<(position - oldCount + 1))
    }
    return copy
  }
}

extension [[Row]] {
  /// The sections with the row at `index` (counting through the sections one
  /// after another) replaced by `row`; unchanged if there is no such row.
  func replacingRow(at index: Int, with row: Row) -> [[Row]] {
    var copy = self
    var rest = index
    for section in copy.indices {
      if rest < copy[section].count {
        copy[section][rest] = row
        return copy
      }
      rest -= copy[section].count
    }
    return copy
  }
}
