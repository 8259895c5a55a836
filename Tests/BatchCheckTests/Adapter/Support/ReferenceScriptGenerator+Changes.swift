import BatchCheck

/// A change of the model and the mutation calls that describe it, right or wrong.
struct ReferenceChange {
  var new: [[Row]]
  /// Mutation steps, in call order.
  var calls: [ReferenceStep]
}

extension ReferenceScriptGenerator {
  /// A change of `old` and calls that are right for it in one batch (now and then the
  /// calls are made wrong: `right` false).
  mutating func change(of old: [[Row]], right: Bool) -> ReferenceChange {
    var change = rightChange(of: old)
    if !right { change.calls = wrongCalls(change.calls, old: old) }
    return change
  }

  mutating func rightChange(of old: [[Row]]) -> ReferenceChange {
    let hasRow = old.contains { !$0.isEmpty }
    switch int(0...11) {
    case 0: return insertSection(old)
    case 1 where !old.isEmpty: return deleteSection(old)
    case 2 where old.count >= 2: return moveSection(old)
    case 3 where hasRow: return moveRow(old)
    case 4 where !old.isEmpty: return reloadSection(old)
    case 5 where hasRow: return moveIntoInsertedSection(old)
    case _ where !old.isEmpty: return rowsChange(old)
    default: return insertSection(old)
    }
  }

  mutating func insertSection(_ old: [[Row]]) -> ReferenceChange {
    let section = int(0...old.count)
    var new = old
    new.insert((0..<int(0...2)).map { _ in freshRow() }, at: section)
    return ReferenceChange(
      new: new,
      calls: [.mutation(.insertSections, BatchUpdate(insertSections: [section]))])
  }

  mutating func deleteSection(_ old: [[Row]]) -> ReferenceChange {
    let section = int(0...(old.count - 1))
    var new = old
    new.remove(at: section)
    return ReferenceChange(
      new: new,
      calls: [.mutation(.deleteSections, BatchUpdate(deleteSections: [section]))])
  }

  mutating func moveSection(_ old: [[Row]]) -> ReferenceChange {
    let from = int(0...(old.count - 1))
    let to = int(0...(old.count - 1))
    var new = old
    new.insert(new.remove(at: from), at: to)
    let move = SectionMove(from: from, to: to)
    return ReferenceChange(
      new: new, calls: [.mutation(.moveSections, BatchUpdate(moveSections: [move]))])
  }

  mutating func randomPath(_ old: [[Row]]) -> RowPath {
    let sections = old.indices.filter { !old[$0].isEmpty }
    let section = pick(sections)
    return RowPath(section, int(0...(old[section].count - 1)))
  }

  mutating func moveRow(_ old: [[Row]]) -> ReferenceChange {
    let from = randomPath(old)
    var new = old
    let row = new[from.section].remove(at: from.row)
    let section = int(0...(new.count - 1))
    let to = RowPath(section, int(0...new[section].count))
    new[section].insert(row, at: to.row)
    let move = RowMove(from: from, to: to)
    return ReferenceChange(
      new: new, calls: [.mutation(.moveRows, BatchUpdate(moveRows: [move]))])
  }

  mutating func reloadSection(_ old: [[Row]]) -> ReferenceChange {
    let section = int(0...(old.count - 1))
    var new = old
    new[section] =
      chance(0.5) ? old[section].map(changed) : (0..<int(0...3)).map { _ in freshRow() }
    return ReferenceChange(
      new: new, calls: [.mutation(.reloadSections, BatchUpdate(reloadSections: [section]))])
  }

  /// A row moved into a section inserted in the same batch (R17: UIKit falls back).
  mutating func moveIntoInsertedSection(_ old: [[Row]]) -> ReferenceChange {
    let from = randomPath(old)
    var new = old
    let row = new[from.section].remove(at: from.row)
    let section = int(0...new.count)
    new.insert([row], at: section)
    let move = RowMove(from: from, to: RowPath(section, 0))
    return ReferenceChange(
      new: new,
      calls: [
        .mutation(.insertSections, BatchUpdate(insertSections: [section])),
        .mutation(.moveRows, BatchUpdate(moveRows: [move])),
      ])
  }

  /// Deletes (old space), content changes reloaded (old space) and inserts (new space) in
  /// the existing sections: one right batch, its calls grouped by key or one path a call.
  mutating func rowsChange(_ old: [[Row]]) -> ReferenceChange {
    var new = old
    var deletes: [RowPath] = []
    var reloads: [RowPath] = []
    var inserts: [RowPath] = []
    let reconfigure = options.uikit == .ios18 && chance(0.25)
    for section in old.indices {
      var kept: [(row: Row, inserted: Bool)] = []
      for (index, row) in old[section].enumerated() {
        if chance(0.25) {
          deletes.append(RowPath(section, index))
        } else if chance(0.2) {
          reloads.append(RowPath(section, index))
          kept.append((changed(row), false))
        } else {
          kept.append((row, false))
        }
      }
      for _ in 0..<(chance(0.6) ? int(1...2) : 0) {
        kept.insert((freshRow(), true), at: int(0...kept.count))
      }
      inserts += kept.indices.filter { kept[$0].inserted }.map { RowPath(section, $0) }
      new[section] = kept.map(\.row)
    }
    let reloadKind: ReferenceMutation = reconfigure ? .reconfigureRows : .reloadRows
    var groups: [(ReferenceMutation, [RowPath])] = [
      (.deleteRows, deletes), (reloadKind, reloads), (.insertRows, inserts),
    ]
    if chance(0.3) { groups.reverse() }
    let grouped = chance(0.5)
    var calls: [ReferenceStep] = []
    for (kind, paths) in groups where !paths.isEmpty {
      let lists = grouped ? [paths] : paths.map { [$0] }
      calls += lists.map { .mutation(kind, kind.update(rows: $0)) }
    }
    return ReferenceChange(new: new, calls: calls)
  }

  /// The same calls made wrong in one way: one dropped, repeated, shifted, of the other
  /// kind, a negative number, or one random call more.
  mutating func wrongCalls(_ calls: [ReferenceStep], old: [[Row]]) -> [ReferenceStep] {
    var calls = calls
    switch int(0...5) {
    case 0 where !calls.isEmpty: calls.remove(at: int(0...(calls.count - 1)))
    case 1 where !calls.isEmpty:
      let index = int(0...(calls.count - 1))
      calls.insert(calls[index], at: index)
    case 2 where !calls.isEmpty:
      let index = int(0...(calls.count - 1))
      calls[index] = shifted(calls[index], by: chance(0.5) ? 1 : -1)
    case 3 where !calls.isEmpty:
      let index = int(0...(calls.count - 1))
      calls[index] = flipped(calls[index])
    case 4 where chance(0.3): calls.append(negativeCall())
    default: calls.append(randomCall())
    }
    return calls
  }

  /// A call with its first number moved by `delta` (a negative result is kept at 0).
  func shifted(_ step: ReferenceStep, by delta: Int) -> ReferenceStep {
    guard case .mutation(let kind, let update) = step else { return step }
    func move(_ value: Int) -> Int { max(0, value + delta) }
    func movePath(_ path: RowPath) -> RowPath { RowPath(path.section, move(path.row)) }
    var new = update
    new.insertRows = update.insertRows.map(movePath)
    new.deleteRows = update.deleteRows.map(movePath)
    new.reloadRows = update.reloadRows.map(movePath)
    new.reconfigureRows = update.reconfigureRows.map(movePath)
    new.moveRows = update.moveRows.map { RowMove(from: $0.from, to: movePath($0.to)) }
    new.insertSections = update.insertSections.map(move)
    new.deleteSections = update.deleteSections.map(move)
    new.reloadSections = update.reloadSections.map(move)
    new.moveSections = update.moveSections.map { SectionMove(from: $0.from, to: move($0.to)) }
    return .mutation(kind, new)
  }

  /// An insert made a delete and a delete an insert (other calls kept).
  func flipped(_ step: ReferenceStep) -> ReferenceStep {
    guard case .mutation(let kind, let update) = step else { return step }
    switch kind {
    case .insertRows: return .mutation(.deleteRows, BatchUpdate(deleteRows: update.insertRows))
    case .deleteRows: return .mutation(.insertRows, BatchUpdate(insertRows: update.deleteRows))
    case .insertSections:
      return .mutation(.deleteSections, BatchUpdate(deleteSections: update.insertSections))
    case .deleteSections:
      return .mutation(.insertSections, BatchUpdate(insertSections: update.deleteSections))
    default: return step
    }
  }

  /// One call of any kind with small numbers, in range or not.
  mutating func randomCall() -> ReferenceStep {
    var kinds = ReferenceMutation.allCases
    if options.uikit == .ios12 { kinds.removeAll { $0 == .reconfigureRows } }
    let kind = pick(kinds)
    let path = RowPath(int(0...2), int(0...4))
    return .mutation(
      kind,
      kind.update(
        sections: [int(0...3)], rows: [path],
        sectionMove: SectionMove(from: int(0...2), to: int(0...2)),
        rowMove: RowMove(from: path, to: RowPath(int(0...2), int(0...4)))))
  }

  /// A call with a negative number (R22 when made).
  mutating func negativeCall() -> ReferenceStep {
    chance(0.5)
      ? .mutation(.insertRows, BatchUpdate(insertRows: [RowPath(0, -1)]))
      : .mutation(.deleteSections, BatchUpdate(deleteSections: [-1]))
  }

  /// Calls one path (or section) a call, for standalone calls.
  func split(_ calls: [ReferenceStep]) -> [ReferenceStep] {
    calls.flatMap { step -> [ReferenceStep] in
      guard case .mutation(let kind, let update) = step else { return [step] }
      let rows = update.insertRows + update.deleteRows + update.reloadRows + update.reconfigureRows
      let sections = update.insertSections + update.deleteSections + update.reloadSections
      if rows.count > 1 { return rows.map { .mutation(kind, kind.update(rows: [$0])) } }
      if sections.count > 1 { return sections.map { .mutation(kind, kind.update(sections: [$0])) } }
      return [step]
    }
  }
}
