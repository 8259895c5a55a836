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
/// **Several sections** (`SectionedStagedDeltaGenerator`), after
/// DifferenceKit's `ArraySection` changesets: sections and rows pair as
/// `SectionedPairing` says, and section stages come first, each a batch of
/// one kind with the data it leads to:
/// 1. **section deletes**: every unpaired old section; the data is the
///    paired old sections, in old order;
/// 2. **section inserts**: every unpaired new section, at its new index,
///    with its new rows; the paired sections fill the other indexes in old
///    order;
/// 3. **section moves**: every paired section whose index differs from its
///    new one moves there (the others then fill exactly the indexes UIKit
///    leaves); the data is the sections in new order, the paired ones still
///    with their old rows;
///
/// then the three row stages above, over the paired sections, with paths in
/// the sections' new order: updates, deletes, then inserts and moves, where
/// a row may move across sections (a paired row stays when it is in the
/// same section, at the same rank among the paired rows, on both sides).
/// Sections have no content of their own, so there is no section update
/// stage. One section a side gives exactly the stages above.
///
/// - Complexity: O(*m* + *n*) expected time, where *m* and *n* are the numbers
///   of old and new rows, plus O(*m* + *n*) memory per stage's data, and
///   O(*s* × *t*) for the sections (`SectionedPairing`).
public struct HeckelStagedGenerator: SectionedStagedDeltaGenerator {
  public init() {}

  public var name: String { "heckel-staged" }

  public func stages(from old: [Row], to new: [Row]) -> [Stage] {
    stages(from: [old], to: [new])
  }

  public func stages(from old: [[Row]], to new: [[Row]]) -> [Stage] {
    let pairing = SectionedPairing(old: old, new: new)
    var stages: [Stage] = []
    func add(_ update: BatchUpdate, _ data: [[Row]]) {
      if !update.isEmpty { stages.append(Stage(update: update, data: data)) }
    }

    // Section deletes, at old indexes.
    let kept = old.indices.filter { pairing.newSection[$0] != nil }
    add(
      BatchUpdate(deleteSections: old.indices.filter { pairing.newSection[$0] == nil }),
      kept.map { old[$0] })

    // Section inserts, at new indexes; the kept sections fill the rest in old order.
    var layout: [Int?] = []  // per index: the old section there, nil for an inserted one
    var nextKept = kept.makeIterator()
    for index in new.indices {
      layout.append(pairing.oldSection[index] == nil ? nil : nextKept.next())
    }
    add(
      BatchUpdate(insertSections: new.indices.filter { pairing.oldSection[$0] == nil }),
      layout.enumerated().map { index, source in source.map { old[$0] } ?? new[index] })

    // Section moves, from the inserts' indexes to the new ones.
    var sectionMoves: [SectionMove] = []
    for (index, source) in layout.enumerated() {
      guard let source, let target = pairing.newSection[source], target != index else { continue }
      sectionMoves.append(SectionMove(from: index, to: target))
    }
    var updated = new.indices.map { index in pairing.oldSection[index].map { old[$0] } ?? new[index]
    }
    add(BatchUpdate(moveSections: sectionMoves), updated)

    // Row updates, at the old rows' paths in the sections' new order.
    var reloads: [RowPath] = []
    for (section, source) in pairing.oldSection.enumerated() {
      guard let source else { continue }
      for index in old[source].indices {
        guard let target = pairing.newPath[source][index],
          old[source][index].content != new[target.section][target.row].content
        else { continue }
        updated[section][index] = new[target.section][target.row]
        reloads.append(RowPath(section, index))
      }
    }
    add(BatchUpdate(reloadRows: reloads), updated)

    // Row deletes, at the same paths; each kept row's rank in its section.
    var deletes: [RowPath] = []
    var remaining = updated
    var rank = old.map { [Int](repeating: 0, count: $0.count) }
    for (section, source) in pairing.oldSection.enumerated() {
      guard let source else { continue }
      remaining[section] = []
      for index in old[source].indices {
        if pairing.newPath[source][index] == nil {
          deletes.append(RowPath(section, index))
        } else {
          rank[source][index] = remaining[section].count
          remaining[section].append(updated[section][index])
        }
      }
    }
    add(BatchUpdate(deleteRows: deletes), remaining)

    // Row inserts at new paths; moves from the deletes' paths to new ones.
    let (inserts, moves) = Self.rowInsertsAndMoves(pairing, new: new, rank: rank)
    add(BatchUpdate(insertRows: inserts, moveRows: moves), new)
    return stages
  }
  /// The row inserts (new paths) and moves (from the paths left after the
  /// deletes, the sections in their new order, to new paths) of the kept
  /// sections; `rank` is each kept old row's place among its section's kept
  /// rows, by old path.
  private static func rowInsertsAndMoves(
    _ pairing: SectionedPairing, new: [[Row]], rank: [[Int]]
  ) -> (inserts: [RowPath], moves: [RowMove]) {
    var inserts: [RowPath] = []
    var moves: [RowMove] = []
    for section in new.indices where pairing.oldSection[section] != nil {
      var paired = 0
      for index in new[section].indices {
        guard let source = pairing.oldPath[section][index],
          let sourceSection = pairing.newSection[source.section]
        else {
          inserts.append(RowPath(section, index))
          continue
        }
        let from = RowPath(sourceSection, rank[source.section][source.row])
        if from != RowPath(section, paired) {
          moves.append(RowMove(from: from, to: RowPath(section, index)))
        }
        paired += 1
      }
    }
    return (inserts, moves)
  }
}
