/// A large, valid single-section update with every kind of row operation,
/// built in O(*n*): the workload of the complexity tests and the benchmark.
///
///     let large = LargeCase(rows: 1_000_000, operations: 100_000)
///     SimulatedTableView([large.old]).performBatchUpdates(large.update, dataSource: [large.new])
///     // .valid
///
/// Old rows have ids `0..<rows`. Roughly a third of the operations are
/// deletes, a third inserts, a sixth reloads (content changes) and a sixth
/// moves. Reloads lie in the first half and moves in the second, so UIKit's
/// reload decomposition (which ignores moves) targets the right rows.
package struct LargeCase: Sendable {
  package let old: [Row]
  package let new: [Row]
  package let update: BatchUpdate

  /// - Parameters:
  ///   - rows: the number of old rows, at least 0.
  ///   - operations: about how many operations the update holds.
  package init(rows: Int, operations: Int) {
    let rows = max(0, rows)
    let period = max(6, rows / max(1, operations) * 6)  // six operations per period
    var old: [Row] = []
    old.reserveCapacity(rows)
    for i in 0..<rows { old.append(Row(id: .int(i), content: 0)) }
    var new: [Row] = []
    new.reserveCapacity(rows + rows / period * 2)
    var update = BatchUpdate()
    var moved: [Int] = []
    let half = rows / 2
    for i in 0..<rows {
      let phase = i % period
      if i >= half, phase == 3 || phase == 4 {
        moved.append(i)
        continue
      }
      if phase == 1 || phase == 2 {
        update.deleteRows.append(RowPath(section: 0, row: i))
        continue
      }
      if i < half, phase == 3 || phase == 4 {
        update.reloadRows.append(RowPath(section: 0, row: i))
        new.append(Row(id: .int(i), content: 1))
      } else {
        new.append(old[i])
      }
      if phase == 5 || phase == 0 {
        update.insertRows.append(RowPath(section: 0, row: new.count))
        new.append(Row(id: .int(rows + i), content: 0))
      }
      if i >= half, phase == 0, let from = moved.popLast() {
        update.moveRows.append(
          RowMove(from: RowPath(section: 0, row: from), to: RowPath(section: 0, row: new.count)))
        new.append(old[from])
      }
    }
    for from in moved.reversed() {
      update.moveRows.append(
        RowMove(from: RowPath(section: 0, row: from), to: RowPath(section: 0, row: new.count)))
      new.append(old[from])
    }
    self.old = old
    self.new = new
    self.update = update
  }
}

extension SimulatedTableView {
  /// The verdict of the full simulation, without the single-section fast
  /// path, for the benchmark.
  package func simulateFully<NewData: TableDataSource>(
    _ update: BatchUpdate, dataSource: NewData
  ) -> Verdict {
    var counter = OperationCounter()
    return simulate(update, dataSource: dataSource, counter: &counter)
  }

  /// The fast path's verdict alone: `.valid`, or nil where it leaves the
  /// update to the full simulation; for the benchmark.
  package func fastPathOnly<NewData: TableDataSource>(
    _ update: BatchUpdate, dataSource: NewData
  ) -> Verdict? {
    var counter = OperationCounter()
    return fastValid(update, dataSource: dataSource, counter: &counter)
  }

  /// The number of elementary steps a simulation takes, for complexity tests.
  package func countSteps<NewData: TableDataSource>(
    _ update: BatchUpdate, dataSource: NewData
  ) -> (verdict: Verdict, steps: Int) {
    var counter = OperationCounter()
    if let verdict = fastValid(update, dataSource: dataSource, counter: &counter) {
      return (verdict, counter.steps)
    }
    let verdict = simulate(update, dataSource: dataSource, counter: &counter)
    return (verdict, counter.steps)
  }
}

/// Sections of a given number of rows each, computed on demand: the data of
/// the reload-walk families, a million sections without a million arrays.
package struct ComputedSections: TableDataSource, Sendable {
  /// The number of sections.
  package let count: Int
  /// Which section is the tall one (`tallRows` rows), if any; -1 for none.
  package let tall: Int
  package let tallRows: Int
  /// Rows in every other section.
  package let rows: Int

  package init(count: Int, rows: Int = 1, tall: Int = -1, tallRows: Int = 0) {
    self.count = count
    self.rows = rows
    self.tall = tall
    self.tallRows = tallRows
  }

  package var numberOfSections: Int { count }
  package func numberOfRows(inSection section: Int) -> Int { section == tall ? tallRows : rows }
  package func row(at path: RowPath) -> Row {
    Row(id: .int(path.section &* 1_000_003 &+ path.row), content: 0)
  }
}

/// The update shapes whose reload walk used to grow faster than O(log *k*)
/// per reload, each built at a size, for the complexity tests and the
/// benchmark.
package enum ReloadFamily: String, CaseIterable, Sendable {
  /// n/2 deleted sections, each also holding a row delete, below one
  /// section of n/2 rows, all reloaded.
  case nextToDeletedSections = "reloads next to deleted sections"
  /// The mirror: n/2 inserted sections, each also holding a row insert,
  /// before one section of n/2 rows, all reloaded.
  case nextToInsertedSections = "reloads next to inserted sections"
  /// `nextToDeletedSections` with every section delete given twice (asUIKit).
  case nextToDuplicateSectionDeletes = "reloads next to duplicate section deletes"
  /// n/2 one-row sections, a section inserted before each, every old section reloaded.
  case sectionReloadsBetweenScatteredInserts = "section reloads between scattered inserts"
  /// The same with each old section's row reloaded instead.
  case rowReloadsBetweenScatteredInserts = "row reloads between scattered inserts"
  /// n one-row sections: every other one deleted, n/4 inserted at spread
  /// places, the row of every tenth kept section reloaded.
  case realistic = "one-row sections: half deleted, a quarter inserted, a tenth reloaded"

  /// The family at `n` rows: old and new data, the update, and the options
  /// it needs (duplicates counted as UIKit does, for the duplicate family).
  package func make(rows n: Int) -> (
    old: ComputedSections, new: ComputedSections, update: BatchUpdate, duplicates: DuplicatesPolicy
  ) {
    let half = max(1, n / 2)
    var update = BatchUpdate()
    switch self {
    case .nextToDeletedSections, .nextToDuplicateSectionDeletes:
      update.deleteSections = Array(0..<half)
      if self == .nextToDuplicateSectionDeletes { update.deleteSections += 0..<half }
      update.deleteRows = (0..<half).map { RowPath(section: $0, row: 0) }
      update.reloadRows = (0..<half).map { RowPath(section: half, row: $0) }
      return (
        ComputedSections(count: half + 1, tall: half, tallRows: half),
        ComputedSections(count: 1, tall: 0, tallRows: half), update,
        self == .nextToDuplicateSectionDeletes ? .asUIKit : .reject
      )
    case .nextToInsertedSections:
      update.insertSections = Array(0..<half)
      update.insertRows = (0..<half).map { RowPath(section: $0, row: 0) }
      update.reloadRows = (0..<half).map { RowPath(section: 0, row: $0) }
      return (
        ComputedSections(count: 1, tall: 0, tallRows: half),
        ComputedSections(count: half + 1, tall: half, tallRows: half), update, .reject
      )
    case .sectionReloadsBetweenScatteredInserts, .rowReloadsBetweenScatteredInserts:
      update.insertSections = (0..<half).map { 2 * $0 }
      if self == .sectionReloadsBetweenScatteredInserts {
        update.reloadSections = Array(0..<half)
      } else {
        update.reloadRows = (0..<half).map { RowPath(section: $0, row: 0) }
      }
      return (ComputedSections(count: half), ComputedSections(count: 2 * half), update, .reject)
    case .realistic:
      let count = max(4, n)
      update.deleteSections = stride(from: 1, to: count, by: 2).map { $0 }
      let kept = count - update.deleteSections.count
      let inserted = count / 4
      let total = kept + inserted
      // Spread the inserts over the new sections, a prime stride apart.
      var places = Set<Int>()
      for index in 0..<inserted {
        var place = (index &* 7_919) % total
        while places.contains(place) { place = (place + 1) % total }
        places.insert(place)
      }
      update.insertSections = places.sorted()
      update.reloadRows = stride(from: 0, to: count, by: 20).map { RowPath(section: $0, row: 0) }
      return (ComputedSections(count: count), ComputedSections(count: total), update, .reject)
    }
  }
}
