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

/// A row reduced to integers, for measuring: its id, its flat index on its
/// side (sections read in order), its content.
typealias RowKey = (id: Int, index: Int, content: Int)

/// Reusable buffers for measuring cases, so the hot loop does not allocate.
struct StatisticsScratch {
  var oldKeys: [RowKey] = []
  var newKeys: [RowKey] = []
  /// For each new row (flat index), the paired old row's flat index or -1.
  var pairedOld: [Int] = []
  /// Per id (less the smallest), where its old rows start in `oldByID`,
  /// then, while pairing, how many of them new rows have taken.
  var starts: [Int] = []
  var taken: [Int] = []
  /// The old rows' positions in `oldKeys`, grouped by id, each id's in order.
  var oldByID: [Int] = []

  /// Calls `body` with a buffer over each array, in the order declared.
  mutating func withBuffers(
    _ body: (
      UnsafeBufferPointer<RowKey>, UnsafeBufferPointer<RowKey>, UnsafeMutableBufferPointer<Int>,
      UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Int>,
      UnsafeMutableBufferPointer<Int>
    ) -> Void
  ) {
    oldKeys.withUnsafeBufferPointer { oldKeys in
      newKeys.withUnsafeBufferPointer { newKeys in
        pairedOld.withUnsafeMutableBufferPointer { pairedOld in
          starts.withUnsafeMutableBufferPointer { starts in
            taken.withUnsafeMutableBufferPointer { taken in
              oldByID.withUnsafeMutableBufferPointer { oldByID in
                body(oldKeys, newKeys, pairedOld, starts, taken, oldByID)
              }
            }
          }
        }
      }
    }
  }
}

extension CaseStatistics {
  /// Counts one case.
  ///
  /// - Complexity: O(*n*), where *n* is the number of rows of the case:
  ///   no sort, no `Hasher`.
  mutating func record(_ old: [[Row]], _ new: [[Row]], scratch: inout StatisticsScratch) {
    cases &+= 1
    Self.keys(old, new, into: &scratch.oldKeys, &scratch.newKeys)
    let oldCount = scratch.oldKeys.count
    let newCount = scratch.newKeys.count
    if old.count > 1 || new.count > 1 { withSeveralSections &+= 1 }
    if oldCount == 0 || newCount == 0 { withEmptySide &+= 1 }
    switch max(oldCount, newCount) {
    case 0: size0 &+= 1
    case 1...8: size1to8 &+= 1
    case 9...32: size9to32 &+= 1
    default: size33plus &+= 1
    }
    // Pair the k-th occurrence of each id in old with its k-th in new.
    scratch.pairedOld.removeAll(keepingCapacity: true)
    scratch.pairedOld.append(contentsOf: repeatElement(-1, count: newCount))
    let (repeats, changed) =
      Self.pairByBuckets(&scratch)
    if repeats { withDuplicates &+= 1 }
    var last = -1
    for index in scratch.pairedOld where index >= 0 {
      if index < last {
        withMoves &+= 1
        break
      }
      last = index
    }
    if changed { withContentChanges &+= 1 }
  }

  /// Counts one case whose ids and rows `dense` has numbered (the edit
  /// size's numbers, taken once per case): the same counts as
  /// `record(_:_:scratch:)`, one bucket per id number.
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
    scratch.starts.removeAll(keepingCapacity: true)
    scratch.starts.append(contentsOf: repeatElement(0, count: buckets + 1))
    scratch.taken.removeAll(keepingCapacity: true)
    scratch.taken.append(contentsOf: repeatElement(0, count: buckets))
    scratch.oldByID.removeAll(keepingCapacity: true)
    scratch.oldByID.append(contentsOf: repeatElement(0, count: oldRows.count))
    // The k-th old row of an id pairs with its k-th new row, as in
    // `pairByBuckets`; the pairs are met in new order, so a move shows as
    // an old position below the last one paired.
    var (repeats, moves, changed) = (false, false, false)
    let (ids, rows) = (dense.ids, dense.rowNumbers)
    scratch.withBuffers { _, _, _, starts, taken, oldByID in
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

  /// Pairs the rows through one bucket per id: no sort, no hashing. When
  /// the ids spread over more than four buckets per row, they are first
  /// numbered densely (`renumber`), which keeps equal ids equal.
  ///
  /// - Complexity: O(*n* + *r*), where *n* is the number of rows and *r* ≤
  ///   4*n* + 64 the span of the ids.
  private static func pairByBuckets(_ scratch: inout StatisticsScratch) -> (
    repeats: Bool, changed: Bool
  ) {
    let rows = scratch.oldKeys.count + scratch.newKeys.count
    guard rows > 0 else { return (false, false) }
    var low = Int.max
    var high = Int.min
    for key in scratch.oldKeys {
      low = min(low, key.id)
      high = max(high, key.id)
    }
    for key in scratch.newKeys {
      low = min(low, key.id)
      high = max(high, key.id)
    }
    let span = high.subtractingReportingOverflow(low)
    if span.overflow || span.partialValue >= 4 * rows + 64 {
      high = renumber(&scratch, low: low, high: high) - 1
      low = 0
    }
    let buckets = high - low + 1
    scratch.starts.removeAll(keepingCapacity: true)
    scratch.starts.append(contentsOf: repeatElement(0, count: buckets + 1))
    scratch.taken.removeAll(keepingCapacity: true)
    scratch.taken.append(contentsOf: repeatElement(0, count: buckets))
    scratch.oldByID.removeAll(keepingCapacity: true)
    scratch.oldByID.append(contentsOf: repeatElement(0, count: scratch.oldKeys.count))
    // Each array is read and written through its own buffer: no
    // uniqueness check per row.
    var repeats = false
    var changed = false
    scratch.withBuffers { oldKeys, newKeys, pairedOld, starts, taken, oldByID in
      for key in oldKeys {
        let bucket = key.id - low
        starts[bucket + 1] += 1
        if starts[bucket + 1] > 1 { repeats = true }
      }
      for bucket in 0..<buckets { starts[bucket + 1] += starts[bucket] }
      for (position, key) in oldKeys.enumerated() {
        let bucket = key.id - low
        oldByID[starts[bucket] + taken[bucket]] = position
        taken[bucket] += 1
      }
      for bucket in 0..<buckets { taken[bucket] = 0 }
      for key in newKeys {
        let bucket = key.id - low
        let slot = starts[bucket] + taken[bucket]
        taken[bucket] += 1
        if taken[bucket] > 1 { repeats = true }
        guard slot < starts[bucket + 1] else { continue }
        let old = oldKeys[oldByID[slot]]
        pairedOld[key.index] = old.index
        if old.content != key.content { changed = true }
      }
    }
    return (repeats, changed)
  }

  /// Numbers the keys' ids 0, 1, 2... in order of first sight, through an
  /// open-addressing table of integers (`IntegerNumbers`), in place: for
  /// ids too spread out for one bucket each. Returns how many distinct ids.
  private static func renumber(_ scratch: inout StatisticsScratch, low: Int, high: Int) -> Int {
    var numbers = IntegerNumbers(
      first: low...high, second: 0...0, capacity: scratch.oldKeys.count + scratch.newKeys.count)
    for index in scratch.oldKeys.indices {
      scratch.oldKeys[index].id = numbers.number(scratch.oldKeys[index].id, 0)
    }
    for index in scratch.newKeys.indices {
      scratch.newKeys[index].id = numbers.number(scratch.newKeys[index].id, 0)
    }
    return numbers.count
  }

  /// Each side's rows as integer keys: an `.int` value as itself; when a
  /// string appears (never in generated cases, but any case can be
  /// measured), every value as its rank among both sides' distinct values.
  private static func keys(
    _ old: [[Row]], _ new: [[Row]], into oldKeys: inout [RowKey], _ newKeys: inout [RowKey]
  ) {
    oldKeys.removeAll(keepingCapacity: true)
    newKeys.removeAll(keepingCapacity: true)
    if appendInts(old, to: &oldKeys), appendInts(new, to: &newKeys) { return }
    let rows = Array(old.joined()) + Array(new.joined())
    let values = Set(rows.map(\.id) + rows.map(\.content)).sorted()
    let rank = Dictionary(values.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    func key(_ offset: Int, _ row: Row) -> RowKey {
      (rank[row.id] ?? 0, offset, rank[row.content] ?? 0)
    }
    oldKeys = old.joined().enumerated().map(key)
    newKeys = new.joined().enumerated().map(key)
  }

  /// Appends the keys of rows whose id and content are `.int`; false at the
  /// first other row.
  private static func appendInts(_ sections: [[Row]], to keys: inout [RowKey]) -> Bool {
    for section in sections {
      for row in section {
        guard case .int(let id) = row.id, case .int(let content) = row.content else {
          return false
        }
        keys.append((id, keys.count, content))
      }
    }
    return true
  }
}
