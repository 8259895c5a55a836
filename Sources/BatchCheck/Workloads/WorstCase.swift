/// Update shapes that make the full simulation work hardest next to the
/// single-section fast path, each built at a size with an invalid twin (the
/// same update with one insert dropped, so UIKit's row count fails and every
/// check runs): the workload of the benchmark's worst cases and of the
/// complexity tests.
///
///     let made = WorstCase.reversal.make(rows: 1_000, operations: 100)
///     SimulatedTableView(made.old).performBatchUpdates(made.update, dataSource: made.new)
///     // .valid
///     SimulatedTableView(made.old).performBatchUpdates(made.invalid, dataSource: made.new)
///     // exception R2
package enum WorstCase: String, CaseIterable, Sendable {
  /// Half of `rows` rows in one section, reversed, and one row inserted in
  /// front: a move for every row, sources ascending, destinations descending.
  case reversal
  /// `rows` rows in one section, `operations` of them moved to random places
  /// (listed by destination, as diffs emit them), and one row inserted.
  case manyMoves = "many moves"
  /// `rows` rows in sections of 100: every tenth section deleted, a section
  /// inserted before every tenth, and rows reloaded, deleted and inserted in
  /// the sections next to them (about `operations` row operations).
  case reloadsNearSections = "reloads near section operations"

  /// One family at one size.
  package struct Made: Sendable {
    /// The rows before the update, by section.
    package var old: [[Row]]
    /// The rows the data source returns afterwards, by section.
    package var new: [[Row]]
    /// The valid update.
    package var update: BatchUpdate
    /// `update` with its last insert dropped.
    package var invalid: BatchUpdate
    /// The same rows and changes in one section (a section delete or insert
    /// becomes its rows' deletes or inserts), for the fast path; `update`
    /// itself when it is in one section already.
    package var flat: (old: [[Row]], new: [[Row]], update: BatchUpdate)
  }

  /// The family with about `rows` old rows and `operations` operations.
  /// - Complexity: O(*n*), where *n* is `rows`.
  package func make(rows: Int, operations: Int) -> Made {
    let rows = max(0, rows)
    let operations = max(1, operations)
    switch self {
    case .reversal:
      let count = rows / 2
      let old = (0..<count).map { Row(id: .int($0), content: 0) }
      var update = BatchUpdate(insertRows: [RowPath(section: 0, row: 0)])
      update.moveRows = (0..<count).map {
        RowMove(from: RowPath(section: 0, row: $0), to: RowPath(section: 0, row: count - $0))
      }
      return Self.oneSection(old, [Row(id: .int(count), content: 0)] + old.reversed(), update)
    case .manyMoves:
      return Self.manyMoves(rows: rows, moves: min(operations, rows))
    case .reloadsNearSections:
      return Self.reloadsNearSections(rows: rows, operations: operations)
    }
  }

  private static func oneSection(_ old: [Row], _ new: [Row], _ update: BatchUpdate) -> Made {
    var invalid = update
    if !invalid.insertRows.isEmpty { invalid.insertRows.removeLast() }
    return Made(
      old: [old], new: [new], update: update, invalid: invalid, flat: ([old], [new], update))
  }

  private static func manyMoves(rows: Int, moves: Int) -> Made {
    var random = SplitMix64(seed: 0x0A11_3035)
    let old = (0..<rows).map { Row(id: .int($0), content: 0) }
    var moved = [Bool](repeating: false, count: rows)
    var movers: [Int] = []
    movers.reserveCapacity(moves)
    while movers.count < moves {
      let index = Int(random.next() % UInt64(rows))
      guard !moved[index] else { continue }
      moved[index] = true
      movers.append(index)
    }
    // The movers and one new row (-1) at random places among the rows that stay.
    var incoming = movers + [-1]
    incoming.shuffle(using: &random)
    let total = rows + 1
    var slots = [Bool](repeating: false, count: total)
    for index in 0..<incoming.count { slots[index] = true }
    slots.shuffle(using: &random)
    var new: [Row] = []
    new.reserveCapacity(total)
    var update = BatchUpdate()
    var nextStaying = 0
    var nextIncoming = 0
    for (position, isIncoming) in slots.enumerated() {
      if isIncoming {
        let from = incoming[nextIncoming]
        nextIncoming += 1
        if from < 0 {
          update.insertRows.append(RowPath(section: 0, row: position))
          new.append(Row(id: .int(rows), content: 0))
        } else {
          update.moveRows.append(
            RowMove(from: RowPath(section: 0, row: from), to: RowPath(section: 0, row: position)))
          new.append(old[from])
        }
      } else {
        while moved[nextStaying] { nextStaying += 1 }
        new.append(old[nextStaying])
        nextStaying += 1
      }
    }
    return oneSection(old, new, update)
  }

  private static func reloadsNearSections(rows: Int, operations: Int) -> Made {
    let sectionRows = min(100, max(1, rows))
    let sections = rows / sectionRows
    // Sections 10j+1 are deleted; a section is inserted before each 10j+5;
    // 10j, 10j+2, 10j+4 and 10j+5 hold the row operations: every `period`th
    // row reloaded, every 2 `period`th deleted and one inserted after every
    // 2 `period`th, so about 2 sectionRows / `period` operations each.
    let neighbours = max(1, sections * 2 / 5)
    let perSection = max(1, operations / neighbours)
    let period = max(2, 2 * sectionRows / perSection)
    var made = Made(
      old: [], new: [], update: BatchUpdate(), invalid: BatchUpdate(), flat: ([], [], BatchUpdate())
    )
    var flatOld: [Row] = []
    var flatNew: [Row] = []
    var flat = BatchUpdate()
    var nextID = rows
    func fresh() -> Row {
      nextID += 1
      return Row(id: .int(nextID), content: 0)
    }
    for s in 0..<sections {
      let oldRows = (0..<sectionRows).map { Row(id: .int(s * sectionRows + $0), content: 0) }
      made.old.append(oldRows)
      let pattern = s % 10
      if pattern == 5 {
        let inserted = (0..<sectionRows).map { _ in fresh() }
        made.update.insertSections.append(made.new.count)
        for row in inserted {
          flat.insertRows.append(RowPath(section: 0, row: flatNew.count))
          flatNew.append(row)
        }
        made.new.append(inserted)
      }
      if pattern == 1 {
        made.update.deleteSections.append(s)
        for row in oldRows {
          flat.deleteRows.append(RowPath(section: 0, row: flatOld.count))
          flatOld.append(row)
        }
        continue
      }
      let busy = pattern == 0 || pattern == 2 || pattern == 4 || pattern == 5
      let section = made.new.count
      var newRows: [Row] = []
      newRows.reserveCapacity(sectionRows + sectionRows / period)
      for (r, row) in oldRows.enumerated() {
        let oldFlat = flatOld.count
        flatOld.append(row)
        if busy, r % (2 * period) == period / 2 {
          made.update.deleteRows.append(RowPath(section: s, row: r))
          flat.deleteRows.append(RowPath(section: 0, row: oldFlat))
          continue
        }
        if busy, r % period == 0 {
          made.update.reloadRows.append(RowPath(section: s, row: r))
          flat.reloadRows.append(RowPath(section: 0, row: oldFlat))
          newRows.append(Row(id: row.id, content: 1))
        } else {
          newRows.append(row)
        }
        flatNew.append(newRows[newRows.count - 1])
        if busy, r % (2 * period) == period + period / 2 {
          let row = fresh()
          made.update.insertRows.append(RowPath(section: section, row: newRows.count))
          flat.insertRows.append(RowPath(section: 0, row: flatNew.count))
          newRows.append(row)
          flatNew.append(row)
        }
      }
      made.new.append(newRows)
    }
    made.invalid = made.update
    if !made.invalid.insertRows.isEmpty { made.invalid.insertRows.removeLast() }
    made.flat = ([flatOld], [flatNew], flat)
    return made
  }
}
