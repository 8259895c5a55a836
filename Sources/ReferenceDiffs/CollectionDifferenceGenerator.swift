import BatchCheck

/// The standard library's `difference(from:)` with `inferringMoves()`, turned
/// into one batch update.
///
///     CollectionDifferenceGenerator().update(
///       from: ["a", "b", "c", "d"].map { Row($0) },
///       to: ["b", "c", "a", "e"].map { Row($0) })
///     // deleteRows: (0,3)             d  (old space)
///     // insertRows: (0,3)             e  (new space)
///     // moveRows:   (0,0) -> (0,2)    a  (old space -> new space)
///
/// The difference is taken over the rows' identities. A removal's offset is
/// in the original state and an insertion's in the final state, which are
/// exactly UIKit's old and new spaces: a removal becomes a delete, an
/// insertion an insert, and a removal associated with an insertion a move
/// from the removal's offset to the insertion's. Identity only: a changed
/// content is never reloaded (C2).
///
/// - Complexity: O((*m* + *n*) × *d*) expected, where *m* and *n* are the
///   numbers of old and new rows and *d* the size of the difference (the
///   standard library's Myers diff), plus O(*d*) for `inferringMoves()`.
public struct CollectionDifferenceGenerator: DeltaGenerator {
  public init() {}

  public var name: String { "collection-difference" }

  public func update(from old: [Row], to new: [Row]) -> BatchUpdate {
    let difference = new.map(\.id).difference(from: old.map(\.id)).inferringMoves()
    var update = BatchUpdate()
    for removal in difference.removals {
      guard case .remove(let offset, _, let associatedWith) = removal else { continue }
      if let destination = associatedWith {
        update.moveRows.append(RowMove(from: RowPath(0, offset), to: RowPath(0, destination)))
      } else {
        update.deleteRows.append(RowPath(0, offset))
      }
    }
    for insertion in difference.insertions {
      guard case .insert(let offset, _, let associatedWith) = insertion else { continue }
      if associatedWith == nil {
        update.insertRows.append(RowPath(0, offset))
      }
    }
    return update
  }
}
