/// The least any valid update of a pair needs, per section index, with rows
/// matched by the values given (ids, or keys of id and content): the
/// minimum behind `EditSize`.
///
///     // a b c -> c a b, numbered a 0, b 1, c 2 (`DenseCase`)
///     var scratch = MinimumEdits.Scratch(distinct: 3)
///     MinimumEdits(dense: [[0, 1, 2]], new: [[2, 0, 1]], sections: 1, pairBudget: 1_000, scratch: &scratch)
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

    /// Memory for values in `0..<distinct`.
    init(distinct: Int) {
      oldCounts = [Int](repeating: 0, count: distinct)
      newCounts = oldCounts
      touched.reserveCapacity(distinct)
      table = CommonSubsequence.Scratch(distinct: distinct)
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

    /// Counts each value's rows of one section, `oldIDs` into `old` and
    /// `newIDs` into `new`, and lists each value seen in `touched` once.
    fileprivate static func tally(
      _ oldIDs: [Int], _ newIDs: [Int], old: inout [Int], new: inout [Int], touched: inout [Int]
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
    dense old: [[Int]], new: [[Int]], sections: Int, pairBudget: Int, scratch: inout Scratch
  ) {
    counts = Array(repeating: 0, count: 3 * sections)
    // Per value: old and new rows in all, and the rows kept in their own section.
    var totals: [Int: (old: Int, new: Int, sameSection: Int)] = [:]
    var unmatchedOld: [[Int: Int]] = sections > 1 ? Array(repeating: [:], count: sections) : []
    var unmatchedNew = unmatchedOld
    for index in 0..<sections {
      let oldIDs = index < old.count ? old[index] : []
      let newIDs = index < new.count ? new[index] : []
      Scratch.tally(
        oldIDs, newIDs, old: &scratch.oldCounts, new: &scratch.newCounts,
        touched: &scratch.touched)
      var matched = 0
      // With one section a side no row can change section: the kept rows alone.
      if sections == 1 {
        matched = Scratch.settle(
          old: &scratch.oldCounts, new: &scratch.newCounts, touched: &scratch.touched)
      }
      for id in scratch.touched {
        let count = (old: scratch.oldCounts[id], new: scratch.newCounts[id])
        scratch.oldCounts[id] = 0
        scratch.newCounts[id] = 0
        let kept = min(count.old, count.new)
        matched += kept
        totals[id, default: (0, 0, 0)].old += count.old
        totals[id, default: (0, 0, 0)].new += count.new
        totals[id, default: (0, 0, 0)].sameSection += kept
        if count.old > kept { unmatchedOld[index][id] = count.old - kept }
        if count.new > kept { unmatchedNew[index][id] = count.new - kept }
      }
      scratch.touched.removeAll(keepingCapacity: true)
      let common = CommonSubsequence.length(
        dense: oldIDs, newIDs, distinct: scratch.oldCounts.count, budget: pairBudget,
        scratch: &scratch.table)
      if !common.exact { isBound = true }
      counts[3 * index] = oldIDs.count - matched
      counts[3 * index + 1] = newIDs.count - matched
      counts[3 * index + 2] = matched - common.length
    }
    // Rows kept in another section: each a move.
    for (id, total) in totals {
      var crossing = min(total.old, total.new) - total.sameSection
      guard crossing > 0 else { continue }
      var leaving = crossing
      for index in 0..<sections where leaving > 0 {
        let taken = min(leaving, unmatchedOld[index][id] ?? 0)
        counts[3 * index] -= taken
        leaving -= taken
      }
      for index in 0..<sections where crossing > 0 {
        let taken = min(crossing, unmatchedNew[index][id] ?? 0)
        counts[3 * index + 1] -= taken
        counts[3 * index + 2] += taken
        crossing -= taken
      }
    }
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
