import BatchCheck

/// The least edit: rows outside a longest common subsequence of the ids
/// move, the others stay; rows of ids that are gone are deleted and rows
/// of new ids inserted. It issues exactly `EditSize`'s minimum (deletes,
/// inserts and moves), so that a report can show what the minimum looks
/// like next to another diff's figures.
///
///     LCSMovesGenerator().update(from: ["a", "b", "c"].map { Row($0) }, to: ["c", "a", "b"].map { Row($0) })
///     // moveRows: (0,2) -> (0,0)   only "c" moves; heckel moves all three
///
/// The passes:
/// 1. a longest common subsequence of the old and new ids (exact up to
///    `EditSize.defaultPairBudget` matching pairs with repeated ids; past
///    it, the k-th old row of an id against its k-th new row);
/// 2. every other row of an id on both sides pairs with the next unpaired
///    row of its id on the other side, in order: a move;
/// 3. the rest are deletes (old) and inserts (new);
/// 4. content changes, as `heckel` makes them: a moved row whose content
///    changed is deleted and inserted (UIKit cannot reload a moved row); a
///    staying row whose content changed is reloaded where UIKit's reload
///    arithmetic puts it back, and deleted and inserted otherwise. Those are
///    the only rows it deletes and inserts beyond the minimum.
///
/// Paths: deletes, reloads and move sources are old-space; inserts and move
/// destinations new-space.
///
/// - Complexity: O((*m* + *n*) log *m*) time for distinct ids, where *m*
///   and *n* are the numbers of old and new rows; with repeated ids,
///   O((*m* + *n* + *r*) log *m*), *r* the matching pairs (at most the budget).
public struct LCSMovesGenerator: DeltaGenerator {
  public init() {}

  public var name: String { "lcs-moves" }

  public func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    let common = CommonSubsequence(
      old.map(\.id), new.map(\.id), budget: EditSize.defaultPairBudget, pairs: true)
    var newOfOld = [Int](repeating: -1, count: old.count)
    var oldOfNew = [Int](repeating: -1, count: new.count)
    var stays = [Bool](repeating: false, count: new.count)
    for pair in common.pairs {
      newOfOld[pair.old] = pair.new
      oldOfNew[pair.new] = pair.old
      stays[pair.new] = true
    }
    // The other rows of each id, paired in order: moves.
    var waiting: [RowValue: [Int]] = [:]
    for (index, row) in old.enumerated() where newOfOld[index] < 0 {
      waiting[row.id, default: []].append(index)
    }
    var next: [RowValue: Int] = [:]
    for (index, row) in new.enumerated() where oldOfNew[index] < 0 {
      guard let sources = waiting[row.id] else { continue }
      let k = next[row.id, default: 0]
      guard k < sources.count else { continue }
      next[row.id] = k + 1
      newOfOld[sources[k]] = index
      oldOfNew[index] = sources[k]
    }
    return HeckelGenerator.batch(
      old: old, new: new, reconfigures: false,
      newIndexOfOld: { newOfOld[$0] < 0 ? nil : newOfOld[$0] },
      oldIndexOfNew: { oldOfNew[$0] < 0 ? nil : oldOfNew[$0] },
      stays: { index, _, _ in stays[index] })
  }
}
