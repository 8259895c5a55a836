import BatchCheck

/// The 2013 form of the LCS category (seed 002): the same deletes as `lcs`,
/// but an unmatched new row is inserted at the current position in the list
/// of common rows, bumped by one while that index is already taken.
///
///     LCS2013Generator().update(
///       from: ["a", "b", "c", "d", "e"].map { Row($0) },
///       to: ["m", "a", "b", "f"].map { Row($0) })
///     // deleteRows (old space): (0,2), (0,3), (0,4)
///     // insertRows (new space): (0,0), (0,2)   <- (0,3) is right
///
/// The rule counts positions among the *common* rows, not in the new array,
/// so an insert that follows a common row lands too early whenever another
/// insert came before it. The port keeps that bug on purpose: it is what the
/// library replaced in March 2014 after a UITableView test caught it. Rows are
/// compared by identity only, as in `lcs`.
///
/// - Complexity: O(*m* × *n* + *k*²), where *m* and *n* are the numbers of old
///   and new rows and *k* the number of inserts (the bump searches the list of
///   inserts made so far, as the seed's index set lookup did).
public struct LCS2013Generator: DeltaGenerator {
  public init() {}

  public var name: String { "lcs-2013" }

  public func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    let newIDs = new.map(\.id)
    let lcs = LongestCommonSubsequence(old: old.map(\.id), new: newIDs)
    let added = Self.addedIndexes2013(common: lcs.commonValues, new: newIDs)
    return BatchUpdate(
      deleteRows: lcs.removedIndexes.map { RowPath(0, $0) },
      insertRows: added.map { RowPath(0, $0) })
  }

  /// The 2013 insert rule: for each unmatched new row, the index of the next
  /// common row still to be matched, plus one while that index is taken.
  ///
  ///     addedIndexes2013(common: ["a"], new: ["b", "a", "c"])  // [0, 1]; [0, 2] is right
  ///
  /// - Returns: the insert indexes, meant as new-space, in the order made.
  static func addedIndexes2013(common: [RowValue], new: [RowValue]) -> [Int] {
    var added: [Int] = []
    var taken = Set<Int>()
    var i = 0
    for value in new {
      if i < common.count && common[i] == value {
        i += 1
      } else {
        var index = i
        while taken.contains(index) {
          index += 1
        }
        taken.insert(index)
        added.append(index)
      }
    }
    return added
  }
}
