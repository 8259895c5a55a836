import BatchCheck

/// The map-based moves of seed 001 (`ArrayAction.operationsPerformed`): one
/// identity→index map per side, then a delete, a move or nothing per old
/// identity, and an insert per identity found only in new.
///
///     MapMovesGenerator().update(
///       from: ["a", "b", "c"].map { Row($0) },
///       to: ["c", "a"].map { Row($0) })
///     // deleteRows: (0,1)                          (old space)
///     // moveRows:   (0,0) -> (0,1), (0,2) -> (0,0)  (old space -> new space)
///
/// Each map keeps the **last** index of an identity, so the algorithm assumes
/// unique identities, and the port keeps that assumption: with a repeated
/// identity one occurrence is accounted for and the others are lost, which
/// UIKit rejects with R2 (`old [] -> new [a, a]` inserts one row, not two).
/// With unique identities it is correct: a row left unmoved keeps its index,
/// so every unmoved row sits in one of the slots UIKit leaves free. Rows are
/// compared by identity only, so a changed content is never reloaded (C2).
///
/// The seed walks the old keys sorted and the leftover new keys in dictionary
/// order, which is unspecified; the port walks both sorted (`RowValue`'s
/// order), so the update is deterministic.
///
/// - Complexity: O((*m* + *n*) log(*m* + *n*)), where *m* and *n* are the
///   numbers of old and new rows (the sort of the keys).
public struct MapMovesGenerator: DeltaGenerator {
  public init() {}

  public var name: String { "map-moves" }

  public func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    var oldMap: [RowValue: Int] = [:]
    var newMap: [RowValue: Int] = [:]
    for (index, row) in old.enumerated() {
      oldMap[row.id] = index  // the last occurrence wins
    }
    for (index, row) in new.enumerated() {
      newMap[row.id] = index
    }
    var update = BatchUpdate()
    for key in oldMap.keys.sorted() {
      guard let oldIndex = oldMap[key] else { continue }
      if let newIndex = newMap.removeValue(forKey: key) {
        if oldIndex != newIndex {
          update.moveRows.append(RowMove(from: RowPath(0, oldIndex), to: RowPath(0, newIndex)))
        }
      } else {
        update.deleteRows.append(RowPath(0, oldIndex))
      }
    }
    for key in newMap.keys.sorted() {
      if let newIndex = newMap[key] {
        update.insertRows.append(RowPath(0, newIndex))
      }
    }
    return update
  }
}
