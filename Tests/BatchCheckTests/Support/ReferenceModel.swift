@testable import BatchCheck

/// A deliberately naive model of what a **valid** batch update does to a
/// table's rows (index spaces), for checking the simulator against.
///
///     let model = ReferenceModel(insertedRows: [RowPath(0, 0): Row("x")])
///     model.apply(BatchUpdate(deleteRows: [RowPath(0, 1)], insertRows: [RowPath(0, 0)]),
///                 to: [[Row("a"), Row("b")]])
///     // [[Row("x"), Row("a")]]
///
/// It follows UIKit's array model with plain loops and nothing clever:
/// 1. In every old section, remove the deleted rows and the move sources
///    (old-space paths). Then remove the deleted sections and the moved
///    sections from the list of old sections; the rest keep their order.
/// 2. Place every inserted section and every moved section at its final
///    (new-space) index, in ascending order of that index.
/// 3. In every new section, place every inserted row and every moved row at
///    its final (new-space) index, in ascending order of that index.
///
/// A reload (or a reconfigure) refreshes an element where it is: a reloaded row stays among the
/// survivors of its section and takes its new content, a reloaded section
/// stays among the surviving sections and takes its new rows. That is what a
/// reload means to the person who writes it. UIKit instead deletes the element
/// and inserts it at a target of its own (the reload decomposition); the two agree exactly
/// when that target is the element's place here, and the random generator
/// keeps a reload only then.
///
/// The model knows nothing of UIKit's checks. Feed it valid updates only: it
/// returns nil when an index does not fit, and makes no other judgement.
struct ReferenceModel {
  /// The fresh row shown at each inserted row's path, new space.
  var insertedRows: [RowPath: Row] = [:]
  /// The rows of each inserted section, by its new-space index.
  var insertedSections: [Int: [Row]] = [:]
  /// The rows of each reloaded section after the update, by its old-space index.
  var reloadedSections: [Int: [Row]] = [:]
  /// The row a reloaded row shows after the update (its new content).
  var reloadedRow: @Sendable (Row) -> Row = { $0 }

  /// The table after `update`, or nil when an index in it does not fit.
  ///
  /// - Parameters:
  ///   - update: a valid batch update: no duplicates, no conflicts, row
  ///     operations only in sections that are neither deleted, inserted nor
  ///     reloaded.
  ///   - old: the rows before the update.
  /// - Returns: the rows after the update.
  /// - Complexity: O(*n* · *k*), where *n* is the number of rows and *k* the
  ///   number of operations; it is meant to be obvious, not fast.
  func apply(_ update: BatchUpdate, to old: [[Row]]) -> [[Row]]? {
    // Step 1a: in every old section, remove deleted rows and move sources,
    // and refresh reloaded rows in place.
    var remaining: [[Row]] = []
    for s in 0..<old.count {
      var rowsLeft: [Row] = []
      for r in 0..<old[s].count {
        let path = RowPath(s, r)
        if update.deleteRows.contains(path) { continue }
        var movedAway = false
        for move in update.moveRows where move.from == path {
          movedAway = true
        }
        if movedAway { continue }
        if update.reloadRows.contains(path) || update.reconfigureRows.contains(path) {
          rowsLeft.append(reloadedRow(old[s][r]))
        } else {
          rowsLeft.append(old[s][r])
        }
      }
      if update.reloadSections.contains(s) {
        rowsLeft = reloadedSections[s] ?? []
      }
      remaining.append(rowsLeft)
    }

    // Step 1b: remove deleted and moved sections; the others keep their order.
    var sections: [[Row]] = []
    for s in 0..<old.count {
      if update.deleteSections.contains(s) { continue }
      var movedAway = false
      for move in update.moveSections where move.from == s {
        movedAway = true
      }
      if movedAway { continue }
      sections.append(remaining[s])
    }

    // Step 2: place inserted and moved sections at their final indexes,
    // ascending.
    var sectionPlacements: [(index: Int, rows: [Row])] = []
    for s in update.insertSections {
      sectionPlacements.append((s, insertedSections[s] ?? []))
    }
    for move in update.moveSections {
      guard move.from >= 0, move.from < old.count else { return nil }
      sectionPlacements.append((move.to, remaining[move.from]))
    }
    sectionPlacements.sort { $0.index < $1.index }
    for placement in sectionPlacements {
      guard placement.index >= 0, placement.index <= sections.count else { return nil }
      sections.insert(placement.rows, at: placement.index)
    }

    // Step 3: place inserted and moved rows at their final indexes, ascending.
    var rowPlacements: [(path: RowPath, row: Row)] = []
    // A row insert inside an inserted section is one of that section's fresh rows.
    for path in update.insertRows where !update.insertSections.contains(path.section) {
      guard let row = insertedRows[path] else { return nil }
      rowPlacements.append((path, row))
    }
    for move in update.moveRows {
      let from = move.from
      guard from.section >= 0, from.section < old.count else { return nil }
      guard from.row >= 0, from.row < old[from.section].count else { return nil }
      rowPlacements.append((move.to, old[from.section][from.row]))
    }
    rowPlacements.sort { $0.path < $1.path }
    for placement in rowPlacements {
      let to = placement.path
      guard to.section >= 0, to.section < sections.count else { return nil }
      guard to.row >= 0, to.row <= sections[to.section].count else { return nil }
      sections[to.section].insert(placement.row, at: to.row)
    }
    return sections
  }
}

// MARK: - Random valid updates

/// One random valid update, with the table before and after it.
struct GeneratedUpdate {
  /// The seed it was made from.
  var seed: UInt64
  /// The rows before the update.
  var old: [[Row]]
  /// The update.
  var update: BatchUpdate
  /// The rows after the update, as the generator laid them out.
  var new: [[Row]]
  /// Where each new cell's row comes from, parallel to `new`.
  var origins: [[CellOrigin]]
  /// For each new section: whether UIKit checks its row count (it maps to an
  /// old section that was kept or moved, not inserted or reloaded).
  var countChecked: [Bool]
  /// The model that knows the fresh rows, for `ReferenceModel.apply`.
  var model: ReferenceModel
  /// The profile whose reload walk the update was made for.
  var uikit: UIKitProfile
}

/// Where the row of one new cell comes from.
enum CellOrigin: Equatable {
  /// An old cell that stayed or was moved: it keeps showing its old row.
  case oldCell
  /// An inserted or reloaded cell, or a cell of an inserted or reloaded
  /// section: it shows whatever the data source has.
  case dataSource
}

/// Makes random valid updates: random old sections, a random edit of them,
/// and the layout that edit produces.
///
/// It avoids what UIKit rejects or falls back on: no duplicates, no row
/// operations inside deleted, inserted or reloaded sections (so no row move
/// out of a deleted or into an inserted section), no reloaded row that is
/// also moved or deleted, and no reload whose UIKit target (the reload decomposition) differs
/// from where the reloaded element really ends up.
///
/// Randomness comes from the core's seeded `SplitMix64`, never from the
/// system generator, so every case replays from its seed.
struct UpdateGenerator {
  private var rng: SplitMix64
  private let seed: UInt64
  private let uikit: UIKitProfile
  private var nextID = 0

  /// Updates for `uikit`'s reload walk; under iOS 18, some changed rows that
  /// keep their place are reconfigured instead of reloaded.
  init(seed: UInt64, uikit: UIKitProfile = .ios12) {
    self.seed = seed
    self.uikit = uikit
    rng = SplitMix64(seed: seed)
  }

  private mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &rng)
  }

  private mutating func chance(_ percent: Int) -> Bool {
    int(0...99) < percent
  }

  private mutating func freshRow(_ prefix: String) -> Row {
    nextID += 1
    return Row(id: .string("\(prefix)\(nextID)"), content: 0)
  }

  /// Lays `survivors` (in order) and `incoming` (in any order) out together:
  /// the incoming elements take random positions, the survivors fill the rest.
  /// Returns, for each final position, `.survivor(k)` (the k-th survivor) or
  /// `.incoming(k)` (the k-th incoming element).
  private mutating func interleave(survivors: Int, incoming: Int) -> [Slot] {
    let total = survivors + incoming
    var slots: [Slot] = []
    var order = Array(0..<incoming)
    order.shuffle(using: &rng)
    var positions = Array(0..<total)
    positions.shuffle(using: &rng)
    let incomingPositions = Set(positions.prefix(incoming))
    var nextSurvivor = 0
    var nextIncoming = 0
    for position in 0..<total {
      if incomingPositions.contains(position) {
        slots.append(.incoming(order[nextIncoming]))
        nextIncoming += 1
      } else {
        slots.append(.survivor(nextSurvivor))
        nextSurvivor += 1
      }
    }
    return slots
  }

  enum Slot {
    case survivor(Int)
    case incoming(Int)
  }

  enum SectionFate { case keep, delete, move, reload }
  enum RowFate { case keep, delete, move, reload }

  /// One random valid update.
  mutating func make() -> GeneratedUpdate {
    // Old sections: 0-4 sections of 0-8 rows, some empty.
    var old: [[Row]] = []
    for _ in 0..<int(0...4) {
      var section: [Row] = []
      let count = chance(20) ? 0 : int(0...8)
      for _ in 0..<count { section.append(freshRow("r")) }
      old.append(section)
    }

    // Section fates, then the new section layout.
    var sectionFate: [SectionFate] = []
    for _ in old.indices {
      let roll = int(0...99)
      sectionFate.append(roll < 55 ? .keep : roll < 70 ? .delete : roll < 85 ? .move : .reload)
    }
    let survivingSections = old.indices.filter {
      sectionFate[$0] == .keep || sectionFate[$0] == .reload
    }
    let movedSections = old.indices.filter { sectionFate[$0] == .move }
    let insertedSectionCount = int(0...2)
    // Incoming sections: moved ones first (by index into movedSections), then inserted.
    let sectionSlots = interleave(
      survivors: survivingSections.count, incoming: movedSections.count + insertedSectionCount)
    // newSource[n]: the old section at new index n, or nil for an inserted one.
    var newSource: [Int?] = []
    for slot in sectionSlots {
      switch slot {
      case .survivor(let k): newSource.append(survivingSections[k])
      case .incoming(let k): newSource.append(k < movedSections.count ? movedSections[k] : nil)
      }
    }
    var oldToNew: [Int: Int] = [:]
    for (n, source) in newSource.enumerated() {
      if let source { oldToNew[source] = n }
    }
    // New sections that take row operations: those from kept or moved sections.
    let rowEditable = newSource.indices.filter { n in
      guard let o = newSource[n] else { return false }
      return sectionFate[o] == .keep || sectionFate[o] == .move
    }

    // Row fates in row-editable sections; moved rows pick a destination section.
    var rowFate: [RowPath: RowFate] = [:]
    var incomingRows: [Int: [(from: RowPath?, row: Row)]] = [:]  // by new section
    for n in rowEditable {
      guard let o = newSource[n] else { continue }
      for r in old[o].indices {
        let roll = int(0...99)
        let fate: RowFate = roll < 60 ? .keep : roll < 75 ? .delete : roll < 88 ? .move : .reload
        if fate == .move {
          let destination = rowEditable[int(0...(rowEditable.count - 1))]
          incomingRows[destination, default: []].append((RowPath(o, r), old[o][r]))
        }
        rowFate[RowPath(o, r)] = fate
      }
    }
    for n in rowEditable {
      for _ in 0..<int(0...2) {
        incomingRows[n, default: []].append((nil, freshRow("n")))
      }
    }

    // Lay out every new section and record the update.
    var update = BatchUpdate()
    var model = ReferenceModel()
    model.reloadedRow = { Row(id: $0.id, content: 1) }
    var new: [[Row]] = []
    var origins: [[CellOrigin]] = []
    var countChecked: [Bool] = []
    // rowFinal[old path] = new path of a kept or reloaded row.
    var rowFinal: [RowPath: RowPath] = [:]
    for n in newSource.indices {
      guard let o = newSource[n] else {
        var rows: [Row] = []
        for _ in 0..<int(0...3) { rows.append(freshRow("n")) }
        update.insertSections.append(n)
        if chance(30), !rows.isEmpty {
          // A stray row insert inside the inserted section: checked, then
          // dropped (R19), but iOS 12's reload walk counts it (D8).
          update.insertRows.append(RowPath(n, int(0...(rows.count - 1))))
        }
        model.insertedSections[n] = rows
        new.append(rows)
        origins.append(Array(repeating: .dataSource, count: rows.count))
        countChecked.append(false)
        continue
      }
      switch sectionFate[o] {
      case .reload:
        var rows: [Row] = []
        for row in old[o] where chance(70) { rows.append(Row(id: row.id, content: 1)) }
        for _ in 0..<int(0...2) { rows.append(freshRow("n")) }
        update.reloadSections.append(o)
        model.reloadedSections[o] = rows
        new.append(rows)
        origins.append(Array(repeating: .dataSource, count: rows.count))
        countChecked.append(false)
      case .keep, .move:
        if sectionFate[o] == .move { update.moveSections.append(SectionMove(from: o, to: n)) }
        let survivors = old[o].indices.filter {
          rowFate[RowPath(o, $0)] == .keep || rowFate[RowPath(o, $0)] == .reload
        }
        let incoming = incomingRows[n] ?? []
        var rows: [Row] = []
        var cellOrigins: [CellOrigin] = []
        for (position, slot) in interleave(survivors: survivors.count, incoming: incoming.count)
          .enumerated()
        {
          switch slot {
          case .survivor(let k):
            let path = RowPath(o, survivors[k])
            rowFinal[path] = RowPath(n, position)
            if rowFate[path] == .reload {
              rows.append(Row(id: old[o][survivors[k]].id, content: 1))
              cellOrigins.append(.dataSource)
            } else {
              rows.append(old[o][survivors[k]])
              cellOrigins.append(.oldCell)
            }
          case .incoming(let k):
            let (from, row) = incoming[k]
            if let from {
              update.moveRows.append(RowMove(from: from, to: RowPath(n, position)))
              cellOrigins.append(.oldCell)
            } else {
              update.insertRows.append(RowPath(n, position))
              model.insertedRows[RowPath(n, position)] = row
              cellOrigins.append(.dataSource)
            }
            rows.append(row)
          }
        }
        for r in old[o].indices where rowFate[RowPath(o, r)] == .delete {
          update.deleteRows.append(RowPath(o, r))
        }
        new.append(rows)
        origins.append(cellOrigins)
        countChecked.append(true)
      case .delete:
        break
      }
    }
    for o in old.indices where sectionFate[o] == .delete {
      update.deleteSections.append(o)
      if chance(30), !old[o].isEmpty {
        // A stray row delete inside the deleted section: dropped unchecked
        // (R18), but iOS 12's reload walk counts it (D8).
        update.deleteRows.append(RowPath(o, int(0...(old[o].count - 1))))
      }
    }

    // Reloads: keep only those whose UIKit target (the reload decomposition) is where the
    // element really ends up; the others become plain kept elements.
    for o in old.indices where sectionFate[o] == .reload {
      let target = Self.reloadTarget(of: RowPath(o, UIKitMessages.notFound), update, uikit: uikit)
      if target.section != oldToNew[o] {
        update.reloadSections.removeAll { $0 == o }
        model.reloadedSections[o] = nil
        if let n = oldToNew[o] {
          new[n] = old[o]
          origins[n] = Array(repeating: .oldCell, count: old[o].count)
          countChecked[n] = true
        }
      }
    }
    for (path, fate) in rowFate.sorted(by: { $0.key < $1.key }) where fate == .reload {
      if uikit == .ios18, rowFinal[path] == path, chance(40) {
        // A changed row that keeps its path: reconfigure it (D12).
        update.reconfigureRows.append(path)
      } else if Self.reloadTarget(of: path, update, uikit: uikit) == rowFinal[path] {
        update.reloadRows.append(path)
      } else if let final = rowFinal[path] {
        new[final.section][final.row] = old[path.section][path.row]
        origins[final.section][final.row] = .oldCell
      }
    }

    // Shuffle the order of the operations inside each array: UIKit sorts them.
    update.deleteRows.shuffle(using: &rng)
    update.insertRows.shuffle(using: &rng)
    update.moveRows.shuffle(using: &rng)
    update.insertSections.shuffle(using: &rng)
    update.deleteSections.shuffle(using: &rng)
    return GeneratedUpdate(
      seed: seed, old: old, update: update, new: new, origins: origins,
      countChecked: countChecked, model: model, uikit: uikit)
  }

  /// Where UIKit inserts a reload of `reload` (old space; a section reload has
  /// row NSNotFound): the reload decomposition, transcribed line by line. Explicit deletes and
  /// inserts only; moves are ignored. Under iOS 18 (D8), a row delete
  /// (insert) in a section that is itself deleted (inserted) does not count.
  static func reloadTarget(
    of reload: RowPath, _ update: BatchUpdate, uikit: UIKitProfile = .ios12
  ) -> RowPath {
    let notFound = UIKitMessages.notFound
    let isSectionReload = reload.row == notFound
    var deletes = update.deleteRows
    for s in update.deleteSections { deletes.append(RowPath(s, notFound)) }
    deletes.sort { $0 > $1 }
    var inserts = update.insertRows
    for s in update.insertSections { inserts.append(RowPath(s, notFound)) }
    inserts.sort { $0 < $1 }
    var section = reload.section
    var row = reload.row
    for d in deletes {
      let isSectionOp = d.row == notFound
      if isSectionOp && d.section == reload.section { continue }
      if isSectionOp && d.section <= section { section -= 1 }
      let ignored = uikit == .ios18 && update.deleteSections.contains(d.section)
      if !isSectionReload && !isSectionOp && !ignored && d.section == section && d.row <= row {
        row -= 1
      }
    }
    for i in inserts {
      let isSectionOp = i.row == notFound
      if isSectionOp && i.section <= section { section += 1 }
      let ignored = uikit == .ios18 && update.insertSections.contains(i.section)
      if !isSectionReload && !isSectionOp && !ignored && i.section == section && i.row <= row {
        row += 1
      }
    }
    return RowPath(section, row)
  }
}
