import BatchCheck
import BatchCheckCorpus
import BatchCheckExec
import Foundation
import ReferenceDiffs

// The simulator's parts of `batchcheck bench`: a large valid update, an invalid
// one, the reload families and the worst cases, each timed.
extension BenchCommand {
  /// The valid update of `rows` rows and about `operations` operations,
  /// through the fast path and the full simulation.
  func validBench() -> (String, Verdict) {
    let clock = ContinuousClock()
    let buildStart = clock.now
    let large = LargeCase(rows: rows, operations: operations)
    let buildTime = clock.now - buildStart
    var verdict = Verdict.valid
    var text = ""
    var timings: [(String, () -> Verdict)] = []
    for uikit in profiles {
      let table = SimulatedTableView([large.old], options: SimulationOptions(uikit: uikit))
      timings += [
        (
          "\(uikit), fast path",
          { table.performBatchUpdates(large.update, dataSource: [large.new]) }
        ),
        (
          "\(uikit), full simulation",
          { table.simulateFully(large.update, dataSource: [large.new]) }
        ),
      ]
    }
    for (label, run) in timings {
      let seconds: Double
      (seconds, verdict) = best(run)
      if text.isEmpty {
        text =
          "simulator: \(rows) rows, \(large.update.operationCount) operations (\(verdict.kind.rawValue))\n"
      }
      text += "  \(label), best of \(repeats): \(Self.format(seconds)) s per update"
      text += ", \(Self.format(Double(rows) / max(seconds, 1e-9) / 1e6)) million rows/s\n"
    }
    text += "  building the case: \(Self.format(Self.seconds(buildTime))) s\n"
    return (text, verdict)
  }

  /// The full simulation of an invalid update: heckel's update for `rows`
  /// rows and about `operations` changes (a third deletes, a third inserts,
  /// a third moves, at random places), with one insert dropped, so the fast
  /// path gives up and every check runs.
  func invalidBench() -> String {
    let (old, new) = invalidCase()
    var update = HeckelGenerator().update(from: old, to: new)
    if !update.insertRows.isEmpty { update.insertRows.removeLast() }
    let changes = 3 * min(operations / 3, rows / 3)
    var text = "simulator, an invalid update: heckel's for \(rows) rows and \(changes) changes"
    text += " (\(update.moveRows.count) moves), one insert dropped\n"
    text += "  making the case and its update: \(Self.peakMemory()) at most\n"
    // The simulation's own peak, with the case's data resident.
    Self.resetPeakMemory()
    for uikit in profiles {
      let table = SimulatedTableView([old], options: SimulationOptions(uikit: uikit))
      let (seconds, verdict) = best { table.performBatchUpdates(update, dataSource: [new]) }
      text +=
        "  \(uikit), best of \(repeats): \(Self.format(seconds)) s per update (\(Self.describe(verdict)))\n"
    }
    return text
  }

  /// The rows of `invalidBench`: `rows` old rows and about `operations`
  /// changes, a third deletes, a third inserts, a third moves.
  func invalidCase() -> (old: [Row], new: [Row]) {
    var random = SplitMix64(seed: 0x1BAD_0001)
    let old = (0..<rows).map { Row(id: .int($0), content: 0) }
    let third = min(operations / 3, rows / 3)
    // Pick deletes and moves among the old rows, then lay out the survivors
    // and the incoming rows (inserts and moved rows) in a random interleaving.
    var fate = [UInt8](repeating: 0, count: rows)  // 0 keep, 1 delete, 2 move
    var picked = 0
    while picked < 2 * third, rows > 0 {
      let index = Int(random.next() % UInt64(rows))
      guard fate[index] == 0 else { continue }
      fate[index] = picked < third ? 1 : 2
      picked += 1
    }
    var incoming = (0..<third).map { Row(id: .int(rows + $0), content: 0) }
    incoming += (0..<rows).filter { fate[$0] == 2 }.map { old[$0] }
    incoming.shuffle(using: &random)
    let survivors = (0..<rows).filter { fate[$0] == 0 }
    let total = survivors.count + incoming.count
    var slots = [Bool](repeating: false, count: total)
    for index in 0..<incoming.count { slots[index] = true }
    slots.shuffle(using: &random)
    var new: [Row] = []
    new.reserveCapacity(total)
    var nextSurvivor = 0
    var nextIncoming = 0
    for isIncoming in slots {
      if isIncoming {
        new.append(incoming[nextIncoming])
        nextIncoming += 1
      } else {
        new.append(old[survivors[nextSurvivor]])
        nextSurvivor += 1
      }
    }
    return (old, new)
  }

  /// The update shapes whose reloads once cost a walk over every deleted or
  /// inserted section, at `rows` rows, under each profile.
  func familyBench() -> String {
    var text = "simulator, reload families at \(rows) rows (best of \(repeats)):\n"
    for family in ReloadFamily.allCases {
      let made = family.make(rows: rows)
      for uikit in profiles {
        let options = SimulationOptions(duplicates: made.duplicates, uikit: uikit)
        let table = SimulatedTableView(made.old, options: options)
        let (seconds, verdict) = best {
          table.performBatchUpdates(made.update, dataSource: made.new)
        }
        text +=
          "  \(family.rawValue), \(uikit): \(Self.format(seconds)) s (\(Self.describe(verdict)))\n"
      }
    }
    return text
  }

  /// The shapes that make the full simulation work hardest next to the fast
  /// path (`WorstCase`, then heckel's update of `invalidBench`): for each,
  /// the fast path on the valid update, the full simulation of the same
  /// update, and its invalid twin (one insert dropped), each with its time
  /// over the fast path's. Where the update has section operations, the fast
  /// path times the same changes in one section.
  func worstCaseBench() -> String {
    var text =
      "simulator, worst cases (best of \(repeats); each time also as a multiple of the fast path's):\n"
    for family in WorstCase.allCases {
      let made = family.make(rows: rows, operations: operations)
      let rowCount = made.old.reduce(0) { $0 + $1.count }
      var label = "\(family.rawValue): \(counted(rowCount, "row"))"
      if made.old.count > 1 { label += " in \(counted(made.old.count, "section"))" }
      label += ", \(counted(made.update.operationCount, "operation"))"
      label += " (\(counted(made.update.moveRows.count, "move")))"
      if made.flat.old.count != made.old.count {
        label += "; fast path: the same changes in one section"
        label += ", \(counted(made.flat.update.operationCount, "operation"))"
      }
      text += worstCase(
        label, old: made.old, new: made.new, update: made.update, invalid: made.invalid,
        flat: made.flat)
    }
    let (old, new) = invalidCase()
    let update = HeckelGenerator().update(from: old, to: new)
    var invalid = update
    if !invalid.insertRows.isEmpty { invalid.insertRows.removeLast() }
    let label =
      "heckel's update for \(counted(rows, "row")) and \(3 * min(operations / 3, rows / 3)) changes:"
      + " \(counted(update.operationCount, "operation")) (\(counted(update.moveRows.count, "move")))"
    return text
      + worstCase(
        label, old: [old], new: [new], update: update, invalid: invalid,
        flat: ([old], [new], update))
  }

  /// One worst case under each profile: the fast path on `flat`, the full
  /// simulation of `update`, and `invalid` as `performBatchUpdates` judges it.
  func worstCase(
    _ label: String, old: [[Row]], new: [[Row]], update: BatchUpdate, invalid: BatchUpdate,
    flat: (old: [[Row]], new: [[Row]], update: BatchUpdate)
  ) -> String {
    var text = "  \(label)\n"
    for uikit in profiles {
      let options = SimulationOptions(uikit: uikit)
      let flatTable = SimulatedTableView(flat.old, options: options)
      let table = SimulatedTableView(old, options: options)
      let (fast, fastVerdict) = best { flatTable.fastPathOnly(flat.update, dataSource: flat.new) }
      let (full, fullVerdict) = best { table.simulateFully(update, dataSource: new) }
      let (twin, twinVerdict) = best { table.performBatchUpdates(invalid, dataSource: new) }
      func ratio(_ seconds: Double) -> String { Self.format(seconds / max(fast, 1e-9)) + "x" }
      text +=
        "    \(uikit): fast path \(Self.format(fast)) s (\(fastVerdict.map(Self.describe) ?? "declined"))"
      text +=
        "; full simulation \(Self.format(full)) s (\(ratio(full)), \(Self.describe(fullVerdict)))"
      text +=
        "; invalid twin \(Self.format(twin)) s (\(ratio(twin)), \(Self.describe(twinVerdict)))\n"
    }
    return text
  }
}
