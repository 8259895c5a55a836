/// The least any valid update of a pair needs, per section index, with rows
/// matched by the values given (ids, or keys of id and content): the
/// minimum behind `EditSize`.
///
///     // a b c -> c a b, numbered a 0, b 1, c 2
///     let dense = DenseCase(old: [[Row("a"), Row("b"), Row("c")]], new: [[Row("c"), Row("a"), Row("b")]])
///     var scratch = MinimumEdits.Scratch(distinct: 3)
///     MinimumEdits(dense, byRows: false, sections: 1, pairBudget: 1_000, scratch: &scratch)
///       .moves(0)  // 1
///
/// Values are compared as multisets: one with *a* old and *b* new rows
/// keeps min(*a*, *b*) of them. In each section, the rows of a value kept
/// there need the section's kept rows minus its longest common subsequence
/// in moves; every other kept row changes section, one move each, leaving
/// the earliest old sections with spare rows of its value and arriving in
/// the earliest new ones.
struct MinimumEdits {
  /// Three numbers per section index, in one array: the fewest rows
  /// deleted from the old section, the fewest inserted into the new one,
  /// and the fewest row moves into it.
  private var counts: [Int]
  /// Whether a longest common subsequence was past the budget: the moves
  /// are then upper bounds.
  private(set) var isBound = false

  /// Memory for `MinimumEdits`, reused from one section, and one measure,
  /// to the next: per value, its rows in the current section (0 between
  /// sections), the values seen there, and the common subsequence's table.
  struct Scratch {
    /// Per value, its old rows in the current section; free for other
    /// counts per value between sections (`EditSize.contentMatters`), left
    /// all 0.
    var oldCounts: [Int]
    fileprivate var newCounts: [Int]
    fileprivate var touched: [Int] = []
    fileprivate var table: CommonSubsequence.Scratch
    /// With several sections, per value: old rows in all, new rows in all,
    /// and rows kept in their own section (three numbers a value, all 0
    /// between uses; empty until a case has several sections).
    fileprivate var perValue: [Int] = []
    /// The spare rows of each section, in section order: old rows of a
    /// value beyond those kept there, and new rows likewise.
    fileprivate var spareOld: [(section: Int, value: Int, count: Int)] = []
    fileprivate var spareNew: [(section: Int, value: Int, count: Int)] = []
    /// The memory of a `MinimumEdits`' counts, between measures (`recycle`).
    fileprivate var counts: [Int] = []

    /// `count` zeros in the counts' memory, taken out of the scratch.
    fileprivate mutating func takeCounts(_ count: Int) -> [Int] {
      var taken: [Int] = []
      swap(&taken, &counts)
      taken.removeAll(keepingCapacity: true)
      taken.append(contentsOf: repeatElement(0, count: count))
      return taken
    }

    /// Memory for values in `0..<distinct`.
    init(distinct: Int) {
      (oldCounts, newCounts) = ([], [])
      table = CommonSubsequence.Scratch(distinct: 0)
      prepare(distinct: distinct)
    }

    /// Makes room for values in `0..<distinct`, keeping what has grown.
    mutating func prepare(distinct: Int) {
      guard oldCounts.count < distinct else { return }
      let more = distinct - oldCounts.count
      oldCounts.append(contentsOf: repeatElement(0, count: more))
      newCounts.append(contentsOf: repeatElement(0, count: more))
      touched.reserveCapacity(distinct)
      table.prepare(distinct: distinct)
    }

    /// The rows kept in one section, each value's fewer of its `old` and
    /// `new` rows over the values `touched` lists; every count back to 0
    /// and `touched` emptied.
    fileprivate static func settle(old: inout [Int], new: inout [Int], touched: inout [Int]) -> Int
    {
      var matched = 0
      old.withUnsafeMutableBufferPointer { old in
        new.withUnsafeMutableBufferPointer { new in
          for id in touched {
            matched += min(old[id], new[id])
            old[id] = 0
            new[id] = 0
          }
        }
      }
      touched.removeAll(keepingCapacity: true)
      return matched
    }

    /// Makes `perValue` ready for a case of several sections.
    fileprivate mutating func prepareCrossings() {
      if perValue.count < 3 * oldCounts.count {
        perValue = [Int](repeating: 0, count: 3 * oldCounts.count)
      }
    }

    /// The rows kept in section `section` (`settle`), each value's counts
    /// added to `perValue` and its spare rows listed; counts back to 0 and
    /// `touched` emptied.
    fileprivate mutating func settleCrossing(section: Int) -> Int {
      var matched = 0
      for value in touched {
        let count = (old: oldCounts[value], new: newCounts[value])
        oldCounts[value] = 0
        newCounts[value] = 0
        let kept = min(count.old, count.new)
        matched += kept
        perValue[3 * value] += count.old
        perValue[3 * value + 1] += count.new
        perValue[3 * value + 2] += kept
        if count.old > kept { spareOld.append((section, value, count.old - kept)) }
        if count.new > kept { spareNew.append((section, value, count.new - kept)) }
      }
      touched.removeAll(keepingCapacity: true)
      return matched
    }

    /// Moves the rows kept in another section than their own, each a move:
    /// a value's crossing rows leave the earliest old sections with spare
    /// rows of it and arrive in the earliest new ones. `perValue` back to 0,
    /// the spare lists emptied.
    fileprivate mutating func moveCrossings(into counts: inout [Int]) {
      // Per value, its crossing rows: kept in all, minus kept in their own
      // section (set once per value met among the spare rows, in the old
      // rows' slot, and the new rows' slot for the arrivals).
      for spare in spareOld {
        let base = 3 * spare.value
        guard perValue[base + 2] >= 0 else { continue }
        let crossing = min(perValue[base], perValue[base + 1]) - perValue[base + 2]
        (perValue[base], perValue[base + 1], perValue[base + 2]) = (crossing, crossing, -1)
      }
      for spare in spareOld {
        let base = 3 * spare.value
        let taken = min(perValue[base], spare.count)
        counts[3 * spare.section] -= taken
        perValue[base] -= taken
      }
      for spare in spareNew {
        let base = 3 * spare.value
        // A value with spare new rows but no spare old ones crosses nowhere.
        guard perValue[base + 2] < 0 else { continue }
        let taken = min(perValue[base + 1], spare.count)
        counts[3 * spare.section + 1] -= taken
        counts[3 * spare.section + 2] += taken
        perValue[base + 1] -= taken
      }
      perValue.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      spareOld.removeAll(keepingCapacity: true)
      spareNew.removeAll(keepingCapacity: true)
    }

    /// Counts each value's rows of one section, `oldIDs` into `old` and
    /// `newIDs` into `new`, and lists each value seen in `touched` once.
    fileprivate static func tally(
      _ oldIDs: ArraySlice<Int>, _ newIDs: ArraySlice<Int>, old: inout [Int], new: inout [Int],
      touched: inout [Int]
    ) {
      old.withUnsafeMutableBufferPointer { old in
        new.withUnsafeMutableBufferPointer { new in
          for id in oldIDs {
            if old[id] == 0 && new[id] == 0 { touched.append(id) }
            old[id] += 1
          }
          for id in newIDs {
            if old[id] == 0 && new[id] == 0 { touched.append(id) }
            new[id] += 1
          }
        }
      }
    }
  }

  /// The minimum of `old` to `new` over `sections` section indexes (at
  /// least the larger count), their values numbered densely, each below
  /// the `distinct` `scratch` was made for (`DenseCase`): counted in
  /// `scratch`'s arrays, with no hashing for one section a side. A
  /// section's common prefix and suffix go through no table
  /// (`CommonSubsequence.length(dense:_:distinct:budget:scratch:)`).
  ///
  /// - Complexity: O((*n* + *m*) log *n*) for distinct values, where *n*
  ///   and *m* are the old and new rows; with repeated values,
  ///   O((*n* + *m* + *r*) log *n*), *r* ≤ `pairBudget` the matching pairs.
  init(
    _ dense: borrowing DenseCase, byRows: Bool, sections: Int, pairBudget: Int,
    scratch: inout Scratch
  ) {
    counts = scratch.takeCounts(3 * sections)
    let numbers = byRows ? dense.rowNumbers : dense.ids
    // With several sections: per value, its old and new rows in all and
    // those kept in their own section; and the spare rows of each section,
    // in section order. Arrays indexed by value, no hashing.
    if sections > 1 { scratch.prepareCrossings() }
    for index in 0..<sections {
      let oldIDs = numbers[dense.old(index)]
      let newIDs = numbers[dense.new(index)]
      Scratch.tally(
        oldIDs, newIDs, old: &scratch.oldCounts, new: &scratch.newCounts,
        touched: &scratch.touched)
      let matched =
        sections == 1
        // With one section a side no row can change section: the kept rows alone.
        ? Scratch.settle(
          old: &scratch.oldCounts, new: &scratch.newCounts, touched: &scratch.touched)
        : scratch.settleCrossing(section: index)
      let common = CommonSubsequence.length(
        dense: oldIDs, newIDs, distinct: scratch.oldCounts.count, budget: pairBudget,
        scratch: &scratch.table)
      if !common.exact { isBound = true }
      counts[3 * index] = oldIDs.count - matched
      counts[3 * index + 1] = newIDs.count - matched
      counts[3 * index + 2] = matched - common.length
    }
    if sections > 1 { scratch.moveCrossings(into: &counts) }
  }

  /// Gives the counts' memory back to `scratch`, for the next measure;
  /// the counts are gone.
  mutating func recycle(into scratch: inout Scratch) {
    swap(&counts, &scratch.counts)
    counts = []
  }

  /// The fewest rows deleted from old section `section`.
  func deletes(_ section: Int) -> Int { counts[3 * section] }

  /// The fewest rows inserted into new section `section`.
  func inserts(_ section: Int) -> Int { counts[3 * section + 1] }

  /// The fewest row moves into new section `section`.
  func moves(_ section: Int) -> Int { counts[3 * section + 2] }

  /// The fewest rows deleted, rows inserted and row moves, over every section.
  var totals: (deletes: Int, inserts: Int, moves: Int) {
    var totals = (deletes: 0, inserts: 0, moves: 0)
    for index in stride(from: 0, to: counts.count, by: 3) {
      totals.deletes += counts[index]
      totals.inserts += counts[index + 1]
      totals.moves += counts[index + 2]
    }
    return totals
  }
}
