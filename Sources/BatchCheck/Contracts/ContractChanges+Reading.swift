extension ContractChanges {
  /// The same changes read under another contract, the way a user who mixed
  /// the contracts up would apply them; nil when they cannot be read so.
  ///
  ///     ContractChanges.steps([.delete(at: RowPath(0, 0)), .delete(at: RowPath(0, 0))])
  ///       .read(as: .batch, old: old, new: new)
  ///     // .batch(BatchUpdate(deleteRows: [RowPath(0, 0), RowPath(0, 0)]))
  ///
  /// The readings, with every path taken as written:
  /// - **batch as steps**: the update's operations in the case format's key
  ///   order (`deleteSections`, `insertSections`, `moveSections`,
  ///   `deleteRows`, `insertRows`, `reloadRows` as updates, `moveRows`), each
  ///   array in its own order, each a step. An insert or an update takes its
  ///   row from `new` at its path (an inserted section all the rows of its
  ///   section of `new`), as an adapter that already holds the new data
  ///   answers. Nil when the update reloads a section (there is no such
  ///   step) or has an insert or a reload whose path is not in `new`.
  /// - **batch as staged**: one stage whose data is `new`.
  /// - **steps as one batch**: each step becomes its operation in one update
  ///   (insert → `insertRows`, delete → `deleteRows`, update →
  ///   `reloadRows`, move → `moveRows`, and a section step its section
  ///   operation); the rows they carry are dropped, the data source being
  ///   `new`.
  /// - **steps as staged**: each step a stage of one operation, whose data is
  ///   the data as the step leaves it (a step out of range, and every step
  ///   after it, keeps the data with the counts it asks for). Nil when the
  ///   stages could hold more than `maxStagedRows` rows in all
  ///   (`stagedRows(of:old:)`): each stage holds a whole copy of the data.
  /// - **staged as one batch**: every stage's operations merged into one
  ///   update, array by array, stage by stage.
  /// - **staged as steps**: each stage's update read as steps as above, its
  ///   rows taken from that stage's data; nil under the same conditions.
  ///
  /// - Parameters:
  ///   - contract: the contract to read the changes under.
  ///   - old: the data before the changes.
  ///   - new: the data after all of them.
  /// - Returns: the changes in `contract`'s shape, or nil.
  /// - Complexity: O(*k*), where *k* is the number of operations, except
  ///   steps as staged: O(*k* × *n*), *n* the number of rows, at most
  ///   O(`maxStagedRows`).
  public func read(as contract: Contract, old: [[Row]], new: [[Row]]) -> ContractChanges? {
    switch (self, contract) {
    case (.batch, .batch), (.staged, .staged), (.steps, .steps):
      return self
    case (.batch(let update), .staged):
      return .staged([Stage(update: update, data: new)])
    case (.batch(let update), .steps):
      return Self.steps(of: update, rowsFrom: new).map { .steps($0) }
    case (.steps(let steps), .batch):
      return .batch(Self.batch(of: steps))
    case (.steps(let steps), .staged):
      guard Self.stagedRows(of: steps, old: old) <= Self.maxStagedRows else { return nil }
      var data = old
      var stages: [Stage] = []
      for step in steps {
        if !StepApplier.apply(step, to: &data) {
          data = StepApplier.dataSource(outOfRange: step, data: data)
        }
        stages.append(Stage(update: step.batch, data: data))
      }
      return .staged(stages)
    case (.staged(let stages), .batch):
      var merged = BatchUpdate()
      for stage in stages {
        merged.deleteSections += stage.update.deleteSections
        merged.insertSections += stage.update.insertSections
        merged.reloadSections += stage.update.reloadSections
        merged.moveSections += stage.update.moveSections
        merged.deleteRows += stage.update.deleteRows
        merged.insertRows += stage.update.insertRows
        merged.reloadRows += stage.update.reloadRows
        merged.moveRows += stage.update.moveRows
        merged.reconfigureRows += stage.update.reconfigureRows
      }
      return .batch(merged)
    case (.staged(let stages), .steps):
      var steps: [Step] = []
      for stage in stages {
        guard let read = Self.steps(of: stage.update, rowsFrom: stage.data) else { return nil }
        steps += read
      }
      return .steps(steps)
    }
  }

  /// The most rows that steps read as stages may hold in all, about 480 MB
  /// of rows: beyond it, `read(as: .staged, ...)` gives nil instead of
  /// running out of memory.
  public static let maxStagedRows = 10_000_000

  /// A bound on the rows `steps` read as stages would hold in all: each of
  /// the *k* stages holds at most *n* + *k* rows, *n* the rows of `old`.
  ///
  ///     ContractChanges.stagedRows(of: Array(repeating: .delete(at: RowPath(0, 0)), count: 3),
  ///                                old: [[Row("a"), Row("b"), Row("c")]])  // 3 × 6 = 18
  ///
  /// - Returns: the bound, `Int.max` when it does not fit.
  /// - Complexity: O(*s*), where *s* is the number of sections of `old`.
  public static func stagedRows(of steps: [Step], old: [[Row]]) -> Int {
    let rows = old.reduce(0) { $0 &+ $1.count }
    let (product, overflow) = steps.count.multipliedReportingOverflow(by: rows &+ steps.count)
    return overflow ? Int.max : product
  }

  /// A batch update's operations as steps, in the case format's key order,
  /// rows looked up in `data` (an inserted section's rows too); nil for a
  /// section reload or a path not in `data`.
  static func steps(of update: BatchUpdate, rowsFrom data: [[Row]]) -> [Step]? {
    guard update.reloadSections.isEmpty else { return nil }
    func row(at path: RowPath) -> Row? {
      guard path.section >= 0, path.section < data.count, path.row >= 0,
        path.row < data[path.section].count
      else { return nil }
      return data[path.section][path.row]
    }
    var steps: [Step] = update.deleteSections.map { .deleteSection(at: $0) }
    for section in update.insertSections {
      guard section >= 0, section < data.count else { return nil }
      steps.append(.insertSection(at: section, rows: data[section]))
    }
    steps += update.moveSections.map { .moveSection(from: $0.from, to: $0.to) }
    steps += update.deleteRows.map { .delete(at: $0) }
    for path in update.insertRows {
      guard let row = row(at: path) else { return nil }
      steps.append(.insert(at: path, row: row))
    }
    for path in update.reloadRows {
      guard let row = row(at: path) else { return nil }
      steps.append(.update(at: path, row: row))
    }
    steps += update.moveRows.map { .move(from: $0.from, to: $0.to) }
    for path in update.reconfigureRows {
      guard let row = row(at: path) else { return nil }
      steps.append(.reconfigure(at: path, row: row))
    }
    return steps
  }

  /// Steps as the operations of one batch update, paths as written.
  static func batch(of steps: [Step]) -> BatchUpdate {
    var update = BatchUpdate()
    for step in steps {
      switch step {
      case .insert(let at, _): update.insertRows.append(at)
      case .delete(let at): update.deleteRows.append(at)
      case .update(let at, _): update.reloadRows.append(at)
      case .reconfigure(let at, _): update.reconfigureRows.append(at)
      case .move(let from, let to): update.moveRows.append(RowMove(from: from, to: to))
      case .insertSection(let at, _): update.insertSections.append(at)
      case .deleteSection(let at): update.deleteSections.append(at)
      case .moveSection(let from, let to):
        update.moveSections.append(SectionMove(from: from, to: to))
      }
    }
    return update
  }
}
