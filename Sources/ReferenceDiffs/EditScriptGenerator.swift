import BatchCheck

/// A sequential edit script: the standard library's `difference(from:)`
/// applied change by change, as `CollectionDifference`'s own `applying` does
/// it, then an update for each kept row whose content changed.
///
///     EditScriptGenerator().steps(
///       from: [Row("a"), Row(id: "b", content: 1), Row("c")],
///       to: [Row(id: "b", content: 2), Row("d")])
///     // delete (0, 2), delete (0, 0)          c, then a   [b:1]
///     // insert (0, 1) "d"                                 [b:1 d]
///     // update (0, 0) {"id":"b","content":2}              [b:2 d]
///
/// The steps, each index relative to the data the previous step left:
/// 1. the removals, highest offset first: a removal's offset is in the
///    original state, and removing from the end never shifts a lower one;
/// 2. the insertions, lowest offset first, each carrying the new row: an
///    insertion's offset is in the final state, and inserting from the
///    front puts every later one in place;
/// 3. an update, at its final index, for each kept row whose content
///    changed (kept old and new rows pair in order).
///
/// The difference is taken over identities; moves are not inferred, so a
/// moved row is a delete and an insert.
///
/// - Complexity: O((*m* + *n*) × *d*) expected, where *m* and *n* are the
///   numbers of old and new rows and *d* the size of the difference (the
///   standard library's Myers diff).
public struct EditScriptGenerator: StepsDeltaGenerator {
  public init() {}

  public var name: String { "edit-script" }

  public func steps(from old: [Row], to new: [Row]) -> [Step] {
    let difference = new.map(\.id).difference(from: old.map(\.id))
    var steps: [Step] = []
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference.removals.reversed() {
      guard case .remove(let offset, _, _) = change else { continue }
      removed.insert(offset)
      steps.append(.delete(at: RowPath(0, offset)))
    }
    for change in difference.insertions {
      guard case .insert(let offset, _, _) = change else { continue }
      inserted.insert(offset)
      steps.append(.insert(at: RowPath(0, offset), row: new[offset]))
    }
    let keptOld = old.indices.filter { !removed.contains($0) }
    let keptNew = new.indices.filter { !inserted.contains($0) }
    for (source, target) in zip(keptOld, keptNew) where old[source].content != new[target].content {
      steps.append(.update(at: RowPath(0, target), row: new[target]))
    }
    return steps
  }
}
