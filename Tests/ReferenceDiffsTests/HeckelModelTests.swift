import BatchCheck
import Testing

@testable import ReferenceDiffs

/// `HeckelGenerator` against a plain model of its passes: dictionaries,
/// sets and sorting, no care for speed. The generator numbers identities
/// through tables of integers and works in flat arrays; the model says
/// what it must give, bit for bit.
@Suite struct HeckelModelTests {
  @Test(
    "heckel and heckel-reconfigure give the model's update on random pairs of mixed ids",
    arguments: [false, true])
  func equalsPlainModel(reconfigures: Bool) {
    let heckel = HeckelGenerator(reconfigures: reconfigures)
    var random = SplitMix64(seed: reconfigures ? 0x4EC7 : 0x4EC8)
    var moved = 0
    var reloaded = 0
    for trial in 0..<20_000 {
      let (old, new) = Self.pair(&random)
      let expected = Self.model(old, new, reconfigures: reconfigures)
      let update = heckel.update(from: old, to: new)
      #expect(update == expected, "trial \(trial): \(describe(old, new))")
      if update != expected { return }
      if !update.moveRows.isEmpty { moved += 1 }
      if !update.reloadRows.isEmpty || !update.reconfigureRows.isEmpty { reloaded += 1 }
    }
    // The comparison reaches every pass.
    #expect(moved > 1_000 && reloaded > 1_000, "\(moved) with moves, \(reloaded) with reloads")
  }

  /// A random pair: new is old edited, ids drawn from one of four kinds
  /// (small integers, which a flat table takes; large and negative
  /// integers, which the table of integers takes; strings), mixed now and
  /// then, contents 0 or 1.
  static func pair(_ random: inout SplitMix64) -> ([Row], [Row]) {
    let alphabet = random.next(below: 10) + 1
    let kinds = random.next(below: 5)
    func id() -> RowValue {
      let value = random.next(below: alphabet)
      switch kinds == 4 ? random.next(below: 4) : kinds {
      case 0: return .int(value)
      case 1: return .int(1_000_003 * (value + 1))
      case 2: return .int(-1 - value)
      default: return .string("\(value)")
      }
    }
    let old = (0..<random.next(below: 12)).map { _ in
      Row(id: id(), content: .int(random.next(below: 2)))
    }
    var new = old.filter { _ in random.next(below: 4) != 0 }
    for _ in 0..<random.next(below: 4) {
      new.insert(Row(id: id(), content: .int(0)), at: random.next(below: new.count + 1))
    }
    for index in new.indices where random.next(below: 5) == 0 {
      new[index].content = .int(random.next(below: 2))
    }
    if new.count > 1, random.next(below: 2) == 0 {
      new.swapAt(random.next(below: new.count), random.next(below: new.count))
    }
    return (old, new)
  }

  /// Heckel's passes as `HeckelGenerator` documents them.
  static func model(_ old: [Row], _ new: [Row], reconfigures: Bool) -> BatchUpdate {
    // Passes 1 to 3: each new row takes the lowest old index of its id left.
    var waiting: [RowValue: [Int]] = [:]
    for (index, row) in old.enumerated() { waiting[row.id, default: []].append(index) }
    var oldOfNew = [Int?](repeating: nil, count: new.count)
    var newOfOld = [Int?](repeating: nil, count: old.count)
    for (index, row) in new.enumerated() {
      guard let source = waiting[row.id]?.first else { continue }
      waiting[row.id]?.removeFirst()
      oldOfNew[index] = source
      newOfOld[source] = index
    }
    // Pass 4: deletes, and the ranks of the paired old rows.
    var deleted = Set(old.indices.filter { newOfOld[$0] == nil })
    let pairedOld = old.indices.filter { newOfOld[$0] != nil }
    // Pass 5: inserts, moves (ranks differ) and changed stayers.
    var inserted = Set(new.indices.filter { oldOfNew[$0] == nil })
    var moves: [RowMove] = []
    var stayers: [(old: Int, new: Int)] = []
    for (rank, index) in new.indices.filter({ oldOfNew[$0] != nil }).enumerated() {
      guard let source = oldOfNew[index] else { continue }
      let changed = old[source].content != new[index].content
      if pairedOld.firstIndex(of: source) != rank {
        if changed {
          deleted.insert(source)
          inserted.insert(index)
        } else {
          moves.append(RowMove(from: RowPath(0, source), to: RowPath(0, index)))
        }
      } else if changed {
        stayers.append((source, index))
      }
    }
    // Pass 6: reconfigure in place, reload where UIKit puts it back, or
    // delete and insert; counted against the deletes and inserts so far.
    let (deletedSoFar, insertedSoFar) = (deleted, inserted)
    var reloads: [RowPath] = []
    var reconfigured: [RowPath] = []
    for stayer in stayers {
      let deletesBelow = deletedSoFar.filter { $0 < stayer.old }.count
      let insertsBelow = insertedSoFar.filter { $0 < stayer.new }.count
      if reconfigures, stayer.old == stayer.new {
        reconfigured.append(RowPath(0, stayer.old))
      } else if stayer.old - deletesBelow == stayer.new - insertsBelow {
        reloads.append(RowPath(0, stayer.old))
      } else {
        deleted.insert(stayer.old)
        inserted.insert(stayer.new)
      }
    }
    return BatchUpdate(
      deleteRows: deleted.sorted().map { RowPath(0, $0) },
      insertRows: inserted.sorted().map { RowPath(0, $0) }, reloadRows: reloads,
      moveRows: moves, reconfigureRows: reconfigured)
  }
}
