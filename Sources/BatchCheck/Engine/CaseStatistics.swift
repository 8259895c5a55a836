/// What the random phase generated: how many cases had each feature.
///
///     check(HeckelGenerator(), options: CheckOptions(count: 10_000)).statistics
///     // cases 10000, duplicates 4473, moves 3021, ... (the report prints them)
///
/// A case's **size** is the row count of its larger side. A case **has
/// moves** when a row's relative order changed: rows are paired by identity,
/// the *k*-th occurrence in old with the *k*-th in new (sections read in
/// order), and the paired rows are not in the same order on both sides. It
/// **has content changes** when a pair's contents differ (a reload is owed).
/// Each count is measured on the generated data, never taken from how the
/// case was made, so a generation bug shows up here.
public struct CaseStatistics: Hashable, Sendable {
  /// Random cases generated.
  public internal(set) var cases = 0
  /// Cases with a repeated identity on one side.
  public internal(set) var withDuplicates = 0
  /// Cases with a row whose relative order changed.
  public internal(set) var withMoves = 0
  /// Cases with no rows on one side (or both).
  public internal(set) var withEmptySide = 0
  /// Cases with a row whose identity stayed and content changed.
  public internal(set) var withContentChanges = 0
  /// Cases with more than one section on a side.
  public internal(set) var withSeveralSections = 0
  /// Cases of size 0.
  public internal(set) var size0 = 0
  /// Cases of size 1 to 8.
  public internal(set) var size1to8 = 0
  /// Cases of size 9 to 32.
  public internal(set) var size9to32 = 0
  /// Cases of size 33 or more.
  public internal(set) var size33plus = 0

  /// Statistics of no cases: every count 0.
  package init() {}

  /// Statistics with these counts, as a report's JSON gives them.
  package init(
    cases: Int, withDuplicates: Int, withMoves: Int, withEmptySide: Int,
    withContentChanges: Int, withSeveralSections: Int, size0: Int, size1to8: Int,
    size9to32: Int, size33plus: Int
  ) {
    self.cases = cases
    self.withDuplicates = withDuplicates
    self.withMoves = withMoves
    self.withEmptySide = withEmptySide
    self.withContentChanges = withContentChanges
    self.withSeveralSections = withSeveralSections
    self.size0 = size0
    self.size1to8 = size1to8
    self.size9to32 = size9to32
    self.size33plus = size33plus
  }

  /// Every count, with its key in a report's JSON: `cases`, then each
  /// coverage statistic's.
  static var counts: [(key: String, path: WritableKeyPath<CaseStatistics, Int>)] {
    [("cases", \.cases)] + CoverageStatistic.allCases.map { ($0.rawValue, $0.keyPath) }
  }

  /// The sum of two tallies.
  mutating func add(_ other: CaseStatistics) {
    for count in Self.counts { self[keyPath: count.path] &+= other[keyPath: count.path] }
  }

  /// The sum of two tallies, or the JSON key of the first count whose sum
  /// does not fit in an `Int` (the sum is then of no use).
  func addingReportingOverflow(_ other: CaseStatistics) -> (
    partialValue: CaseStatistics, overflow: String?
  ) {
    var sum = self
    for count in Self.counts {
      let (value, overflow) = self[keyPath: count.path].addingReportingOverflow(
        other[keyPath: count.path])
      if overflow { return (sum, count.key) }
      sum[keyPath: count.path] = value
    }
    return (sum, nil)
  }
}

/// Reusable buffers for measuring cases, so the hot loop does not allocate.
struct StatisticsScratch {
  /// Per id number, where its old rows start in `oldByID`, then, while
  /// pairing, how many of them new rows have taken.
  var starts: [Int] = []
  var taken: [Int] = []
  /// The old rows' positions, grouped by id, each id's in order.
  var oldByID: [Int] = []

  /// Calls `body` with a buffer over each array, in the order declared.
  mutating func withBuffers(
    _ body: (
      UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Int>,
      UnsafeMutableBufferPointer<Int>
    ) -> Void
  ) {
    starts.withUnsafeMutableBufferPointer { starts in
      taken.withUnsafeMutableBufferPointer { taken in
        oldByID.withUnsafeMutableBufferPointer { oldByID in body(starts, taken, oldByID) }
      }
    }
  }
}

extension CaseStatistics {
  /// Counts one case, its ids and rows numbered first (`DenseCase`).
  ///
  /// - Complexity: O(*n*), where *n* is the number of rows of the case:
  ///   no sort; no `Hasher` for integer rows.
  mutating func record(_ old: [[Row]], _ new: [[Row]], scratch: inout StatisticsScratch) {
    record(DenseCase(old: old, new: new), scratch: &scratch)
  }

  /// Counts one case whose ids and rows `dense` has numbered (in the
  /// random phase, the edit size's numbers, taken once per case): the k-th
  /// old row of an id pairs with its k-th new row (sections read in
  /// order), through one bucket per id number.
  ///
  /// - Complexity: O(*n* + *d*), where *n* is the number of rows and *d*
  ///   the distinct ids.
  mutating func record(_ dense: DenseCase, scratch: inout StatisticsScratch) {
    cases &+= 1
    let (oldRows, newRows) = (dense.oldRange, dense.newRange)
    if dense.oldSections > 1 || dense.newSections > 1 { withSeveralSections &+= 1 }
    if oldRows.isEmpty || newRows.isEmpty { withEmptySide &+= 1 }
    switch max(oldRows.count, newRows.count) {
    case 0: size0 &+= 1
    case 1...8: size1to8 &+= 1
    case 9...32: size9to32 &+= 1
    default: size33plus &+= 1
    }
    let buckets = dense.distinctIDs
    // Read only below these counts: reset in place, never emptied.
    scratch.starts.reset(prefix: buckets + 1, to: 0)
    scratch.taken.reset(prefix: buckets, to: 0)
    scratch.oldByID.grow(to: oldRows.count)
    // The pairs are met in new order, so a move shows as an old position
    // below the last one paired.
    var (repeats, moves, changed) = (false, false, false)
    let (ids, rows) = (dense.ids, dense.rowNumbers)
    scratch.withBuffers { starts, taken, oldByID in
      for position in oldRows {
        starts[ids[position] + 1] += 1
        if starts[ids[position] + 1] > 1 { repeats = true }
      }
      for bucket in 0..<buckets { starts[bucket + 1] += starts[bucket] }
      for position in oldRows {
        let id = ids[position]
        oldByID[starts[id] + taken[id]] = position
        taken[id] += 1
      }
      for bucket in 0..<buckets { taken[bucket] = 0 }
      var last = -1
      for position in newRows {
        let id = ids[position]
        let slot = starts[id] + taken[id]
        taken[id] += 1
        if taken[id] > 1 { repeats = true }
        guard slot < starts[id + 1] else { continue }
        let old = oldByID[slot]
        if old < last { moves = true }
        last = old
        if rows[old] != rows[position] { changed = true }
      }
    }
    if repeats { withDuplicates &+= 1 }
    if moves { withMoves &+= 1 }
    if changed { withContentChanges &+= 1 }
  }
}
