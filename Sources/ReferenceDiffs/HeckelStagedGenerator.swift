import BatchCheck

/// Heckel's diff emitted as DifferenceKit-style staged batches: content
/// updates, then deletes, then inserts and moves, each stage one UIKit batch
/// with the data it leads to.
///
///     HeckelStagedGenerator().stages(
///       from: [Row(id: "a", content: 1), Row("b"), Row("c")],
///       to: [Row("c"), Row(id: "a", content: 2)])
///     // stage 1: reloadRows (0,0)                       data [a:2 b c]
///     // stage 2: deleteRows (0,1)                       data [a:2 c]
///     // stage 3: moveRows (0,1) -> (0,0), (0,0) -> (0,1)  data [c a:2]
///
/// Why stages: UIKit cannot reload a row and move it in one batch (R11), and
/// the reload arithmetic makes reloads next to deletes and inserts
/// land elsewhere (R24). Staged, each of these is trivial:
/// 1. **updates**: every paired row whose content changed is reloaded at its
///    old index; the data is the old rows with those rows' new contents;
/// 2. **deletes**: every unpaired old row is deleted (paths in stage 1's
///    data, which has the old layout); the data is the paired rows in old
///    order;
/// 3. **inserts and moves**: every unpaired new row is inserted; a paired
///    row whose rank among the paired rows differs between stage 2's data
///    and the new rows moves from its stage-2 index to its new index (the
///    rank test of `HeckelGenerator`, so the stayers fill exactly the slots
///    UIKit leaves); the data is the new rows.
///
/// A stage with no operation is left out, as DifferenceKit does, so equal
/// arrays give no stage at all. Pairing is `HeckelGenerator`'s (identities,
/// occurrences in order).
///
/// - Complexity: O(*m* + *n*) expected time, where *m* and *n* are the numbers
///   of old and new rows, plus O(*m* + *n*) memory per stage's data.
public struct HeckelStagedGenerator: StagedDeltaGenerator {
  public init() {}

  public var name: String { "heckel-staged" }

  public func stages(from old: [Row], to new: [Row]) -> [Stage] {
    let pairing = HeckelPairing(old: old, new: new, id: \.id)
    var stages: [Stage] = []

    // Stage 1: content updates, at old indexes.
    var updated = old
    var reloads: [RowPath] = []
    for index in old.indices {
      guard let target = pairing.newIndex(ofOld: index), old[index].content != new[target].content else { continue }
      updated[index] = new[target]
      reloads.append(RowPath(0, index))
    }
    if !reloads.isEmpty {
      stages.append(Stage(update: BatchUpdate(reloadRows: reloads), data: [updated]))
    }

    // Stage 2: deletes, at stage-1 (= old) indexes; each kept row's rank.
    var deletes: [RowPath] = []
    var kept: [Row] = []
    var rank = [Int](repeating: 0, count: old.count)
    for index in old.indices {
      if pairing.newIndex(ofOld: index) == nil {
        deletes.append(RowPath(0, index))
      } else {
        rank[index] = kept.count
        kept.append(updated[index])
      }
    }
    if !deletes.isEmpty {
      stages.append(Stage(update: BatchUpdate(deleteRows: deletes), data: [kept]))
    }

    // Stage 3: inserts at new indexes; moves from stage-2 to new indexes.
    var inserts: [RowPath] = []
    var moves: [RowMove] = []
    var paired = 0
    for index in new.indices {
      guard let source = pairing.oldIndex(ofNew: index) else {
        inserts.append(RowPath(0, index))
        continue
      }
      if rank[source] != paired {
        moves.append(RowMove(from: RowPath(0, rank[source]), to: RowPath(0, index)))
      }
      paired += 1
    }
    if !inserts.isEmpty || !moves.isEmpty {
      stages.append(Stage(update: BatchUpdate(insertRows: inserts, moveRows: moves), data: [new]))
    }
    return stages
  }
}
