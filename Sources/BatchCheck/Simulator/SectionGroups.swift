/// UIKit's reload decomposition (rule R24; <doc:SimulatedTableView>), copied with its quirks.
///
/// Each reload `R = (s, r)` (old space; `r` is NSNotFound for a section
/// reload) becomes a delete at `(s, r)` and an insert at a computed `(s', r')`.
/// UIKit computes `(s', r')` by walking the **explicit** deletes (descending)
/// and then the **explicit** inserts (ascending) with running comparisons:
///
///     for d in explicitDeletes, descending:
///       if d is a section op and d.section == s: skip
///       if d is a section op and d.section <= s': s' -= 1
///       if R and d are row ops, d.section == s' and d.row <= r': r' -= 1
///     for i in explicitInserts, ascending:
///       if i is a section op and i.section <= s': s' += 1
///       if R and i are row ops, i.section == s' and i.row <= r': r' += 1
///
/// Moves are ignored, reload-made operations do not count, and because the
/// row comparison is against the *running* `s'`, row operations inside
/// deleted or inserted sections next to `s` can shift `r'` (inferred, not read in UIKit's code).
///
/// The walks are not run element by element: the operations are grouped by
/// section once, and each reload jumps to the groups that can affect it.
/// - Complexity: O(*k* log *k*) to build, where *k* is the number of explicit
///   operations; O(log *k*) per reload, plus O(*L* log *k*) for a reload next
///   to a run of sections deleted (below it) or inserted (at or above it) in
///   the same update, where *L* is the number of those sections that also
///   hold row operations or duplicate section operations. Exact duplicate
///   row deletes (only under the `asUIKit` policy) cost nothing more: their
///   walk is composed once when the groups are built.
struct SectionGroups {
  /// The distinct sections holding at least one operation, ascending.
  var sections: [Int] = []
  /// How many section operations (with duplicates) each group holds.
  var sectionOps: [Int] = []
  /// Where each group's rows start in `rows`; `rowStart[g + 1]` ends them.
  var rowStart: [Int] = [0]
  /// The rows of the row operations, ascending within each group.
  var rows: [Int] = []
  /// Whether a group's rows hold no exact duplicate.
  var rowsDistinct: [Bool] = []
  /// For a group whose rows hold duplicates: where its entries start in
  /// `walkShift` and `walkFloor` (one per row, in `rows` order); -1 otherwise.
  var walkStart: [Int] = []
  /// With `walkFloor`, the delete walk over a group's rows from each row
  /// down, as the map `v -> max(v + shift, floor)` (`deleteWalk`); filled
  /// only for groups whose rows hold duplicates.
  var walkShift: [Int] = []
  /// See `walkShift`.
  var walkFloor: [Int] = []
  /// `sectionOpsBefore[g]`: section operations in groups before `g`.
  var sectionOpsBefore: [Int] = [0]
  /// Per row: max over the group's rows up to it of (row - index in group).
  var rowPrefixMax: [Int] = []
  /// `keys[g]`: `sections[g] - sectionOpsBefore[g]`, the value that tells,
  /// for a walk in progress, whether it lands on group `g` (see the walks).
  var keys: [Int] = []
  /// The groups holding rows, sorted by `(keys[g], g)`: the groups a walk
  /// may land on, found by key.
  var rowGroupsByKey: [Int] = []

  /// Groups `items`, which must be sorted ascending; section ops have row NSNotFound.
  ///
  /// With `ignoringRowsInSectionOps` (iOS 18, D8), the row operations of a
  /// section that also has a section operation are left out: the walk
  /// ignores them.
  init(
    sortedItems: [RowPath], ignoringRowsInSectionOps: Bool = false, counter: inout OperationCounter
  ) {
    let items =
      ignoringRowsInSectionOps
      ? Self.withoutRowsInSectionOps(sortedItems, counter: &counter) : sortedItems
    var index = 0
    while index < items.count {
      let section = items[index].section
      var ops = 0
      var distinct = true
      var local = 0
      var prefixMax = Int.min
      var previous: Int?
      while index < items.count, items[index].section == section {
        counter.add()
        let row = items[index].row
        if row == UIKitMessages.notFound {
          ops += 1
        } else {
          if previous == row { distinct = false }
          previous = row
          rows.append(row)
          prefixMax = max(prefixMax, row &- local)
          rowPrefixMax.append(prefixMax)
          local += 1
        }
        index += 1
      }
      sections.append(section)
      sectionOps.append(ops)
      walkStart.append(distinct ? -1 : walkShift.count)
      if !distinct {
        composeDeleteWalk(rows: rowStart[rowStart.count - 1]..<rows.count, counter: &counter)
      }
      rowStart.append(rows.count)
      rowsDistinct.append(distinct)
      sectionOpsBefore.append(sectionOpsBefore[sectionOpsBefore.count - 1] &+ ops)
    }
    keys.reserveCapacity(sections.count)
    for g in sections.indices {
      keys.append(sections[g] &- sectionOpsBefore[g])
      if rowStart[g] < rowStart[g + 1] { rowGroupsByKey.append(g) }
    }
    counter.add(sections.count)
    rowGroupsByKey.sort { (keys[$0], $0) < (keys[$1], $1) }
    counter.add(rowGroupsByKey.count)
  }

  /// `items` (sorted ascending) without the row operations of sections that
  /// also hold a section operation. A section's section operations sort
  /// after its rows (their row is NSNotFound), so its last item tells.
  private static func withoutRowsInSectionOps(
    _ items: [RowPath], counter: inout OperationCounter
  ) -> [RowPath] {
    var kept: [RowPath] = []
    kept.reserveCapacity(items.count)
    var start = 0
    while start < items.count {
      var end = start + 1
      while end < items.count, items[end].section == items[start].section { end += 1 }
      counter.add(end - start)
      if items[end - 1].row == UIKitMessages.notFound {
        kept += items[start..<end].filter { $0.row == UIKitMessages.notFound }
      } else {
        kept += items[start..<end]
      }
      start = end
    }
    return kept
  }

  /// Appends to `walkShift` and `walkFloor`, for each of the rows at `range`
  /// of `rows` (one group's, ascending, with duplicates), the delete walk
  /// from the end of its run of equal rows down to the group's first row.
  ///
  /// The walk meets a run of *c* rows equal to *x* with `v >= x` and leaves
  /// `max(v - c, x - 1)` (it counts rows until `v` falls below *x*); it then
  /// meets the next run down, whose row is at most `x - 1`, again with `v`
  /// at least that row. Each run is so the map `v -> max(v + a, b)`, and
  /// such maps compose: `(a1, b1)` then `(a2, b2)` is
  /// `(a1 + a2, max(b1 + a2, b2))`. The walk down from a run is the run's
  /// map, then the walk down from the run below it: one pass upwards
  /// composes them all.
  /// - Complexity: O(*m*), where *m* is the number of rows at `range`.
  private mutating func composeDeleteWalk(rows range: Range<Int>, counter: inout OperationCounter) {
    var shift = 0
    var floor = Int.min
    var index = range.lowerBound
    while index < range.upperBound {
      var end = index + 1
      while end < range.upperBound, rows[end] == rows[index] { end += 1 }
      counter.add(end - index)
      // This run (-c, x - 1) first, then the walk below it (shift, floor).
      floor = max((rows[index] &- 1) &+ shift, floor)
      shift -= end - index
      for _ in index..<end {
        walkShift.append(shift)
        walkFloor.append(floor)
      }
      index = end
    }
  }

  /// Whether group `g` holds row operations.
  func hasRows(_ g: Int) -> Bool { rowStart[g] < rowStart[g + 1] }

  var count: Int { sections.count }

  /// The first group whose section is `>= section`.
  func firstGroup(atOrAbove section: Int, counter: inout OperationCounter) -> Int {
    partitionPoint(from: 0, to: sections.count, counter: &counter) { sections[$0] < section }
  }

  /// How many of group `g`'s rows are `<= value` (the rows are sorted).
  func rowCount(inGroup g: Int, atMost value: Int, counter: inout OperationCounter) -> Int {
    let start = rowStart[g]
    return partitionPoint(from: start, to: rowStart[g + 1], counter: &counter) { rows[$0] <= value }
      - start
  }

  /// The delete walk over one group's rows: descending, `r' -= 1` for each row `<= r'`.
  func deleteWalk(group g: Int, from start: Int, counter: inout OperationCounter) -> Int {
    let below = rowCount(inGroup: g, atMost: start, counter: &counter)
    if rowsDistinct[g] {
      // Distinct rows: every row <= start is met while r' is still >= it.
      return start &- below
    }
    // Duplicates: the walk composed from the last row <= start (`composeDeleteWalk`).
    guard below > 0 else { return start }
    let entry = walkStart[g] + below - 1
    return max(start &+ walkShift[entry], walkFloor[entry])
  }

  /// The insert walk over one group's rows: ascending, `r' += 1` for each row `<= r'`.
  ///
  /// The rows that count form a prefix: row `i` counts exactly when every row
  /// up to it satisfies `row_j <= start + j`, that is when `rowPrefixMax[i] <= start`.
  func insertWalk(group g: Int, from start: Int, counter: inout OperationCounter) -> Int {
    let first = rowStart[g]
    let end = partitionPoint(from: first, to: rowStart[g + 1], counter: &counter) {
      rowPrefixMax[$0] <= start
    }
    return start &+ (end - first)
  }
}
