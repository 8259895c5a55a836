import BatchCheck

/// The 2014 form of the LCS category of seeds 000 and 002: deletes for the old
/// rows outside a longest common subsequence, inserts for the new rows that the
/// common rows do not match.
///
///     LCSGenerator().update(
///       from: ["a", "b", "c", "d", "e"].map { Row($0) },
///       to: ["m", "a", "b", "f"].map { Row($0) })
///     // deleteRows (old space): (0,2), (0,3), (0,4)
///     // insertRows (new space): (0,0), (0,3)
///
/// Rows are compared by identity only (the original compares values with
/// `isEqual:`), so a row whose content changes is neither reloaded nor
/// re-inserted: the simulator reports `staleContent` (C2) for it.
///
/// - Complexity: O(*m* × *n*) time and memory, where *m* and *n* are the
///   numbers of old and new rows.
public struct LCSGenerator: DeltaGenerator {
  public init() {}

  public var name: String { "lcs" }

  public func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    let newIDs = new.map(\.id)
    let lcs = LongestCommonSubsequence(old: old.map(\.id), new: newIDs)
    return BatchUpdate(
      deleteRows: lcs.removedIndexes.map { RowPath(0, $0) },
      insertRows: lcs.addedIndexes(new: newIDs).map { RowPath(0, $0) })
  }
}

/// The bottom-up LCS table and its backtrack, shared by both LCS forms.
///
///     LongestCommonSubsequence(old: ["a", "b"], new: ["b", "a"]).commonIndexes  // [1]
///
/// - Complexity: O(*m* × *n*), where *m* and *n* are the lengths of `old` and `new`.
struct LongestCommonSubsequence {
  /// Old-space indexes of the common rows, ascending.
  let commonIndexes: [Int]
  /// Old-space indexes of the rows outside the common subsequence, ascending.
  let removedIndexes: [Int]
  /// The common rows' values, in order.
  let commonValues: [RowValue]

  /// Builds the table of suffix LCS lengths and backtracks from its corner.
  ///
  /// `lengths[i][j]` is the LCS length of `old[i...]` and `new[j...]`. The
  /// backtrack takes a match when the two heads are equal; otherwise it skips
  /// the old head when that loses nothing (`lengths[i+1][j] >= lengths[i][j+1]`),
  /// else the new head. That is the seed's tie-break, which decides *which*
  /// common subsequence is found when several are longest.
  init(old: [RowValue], new: [RowValue]) {
    let m = old.count
    let n = new.count
    let width = n + 1
    var lengths = [Int](repeating: 0, count: (m + 1) * width)
    var i = m - 1
    while i >= 0 {
      var j = n - 1
      while j >= 0 {
        if old[i] == new[j] {
          lengths[i * width + j] = 1 + lengths[(i + 1) * width + j + 1]
        } else {
          lengths[i * width + j] = max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
        }
        j -= 1
      }
      i -= 1
    }
    var common: [Int] = []
    var removed: [Int] = []
    var values: [RowValue] = []
    i = 0
    var j = 0
    while i < m && j < n {
      if old[i] == new[j] {
        common.append(i)
        values.append(old[i])
        i += 1
        j += 1
      } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
        removed.append(i)
        i += 1
      } else {
        j += 1
      }
    }
    while i < m {
      removed.append(i)
      i += 1
    }
    commonIndexes = common
    removedIndexes = removed
    commonValues = values
  }

  /// The 2014 insert rule: new-space positions of the rows left unmatched when
  /// the common rows are walked against `new`, greedily.
  ///
  ///     // common [a, b] walked against new [m, a, b, f]  ->  [0, 3]
  ///
  /// - Complexity: O(*n*), where *n* is the length of `new`.
  func addedIndexes(new: [RowValue]) -> [Int] {
    var added: [Int] = []
    var i = 0
    for (j, value) in new.enumerated() {
      if i < commonValues.count && commonValues[i] == value {
        i += 1
      } else {
        added.append(j)
      }
    }
    return added
  }
}
