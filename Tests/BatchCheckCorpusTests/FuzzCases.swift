@testable import BatchCheck
@testable import BatchCheckCorpus

/// Starting lines for the fuzz tests: mostly valid cases of all three
/// contracts, so that mutations land next to updates UIKit would accept and
/// reach the simulator's deeper checks, plus `RandomCase`'s anything-goes
/// cases.
///
///     var random = SplitMix64(seed: 1)
///     FuzzCases.make(using: &random).jsonLine
///     // e.g. {"old":[[0,1,2]],"new":[[0,{"id":2,"content":9},100]],"update":{...}}
enum FuzzCases {
  /// A random case: a valid batch, staged or steps case, or a `RandomCase`.
  static func make(using random: inout SplitMix64) -> Case {
    var result: Case
    switch random.below(4) {
    case 0: result = RandomCase.make(using: &random)
    case 1: result = staged(using: &random)
    case 2: result = steps(using: &random)
    default: result = batch(using: &random).testCase
    }
    result.semantics = random.below(4) == 0 ? .collectionView : .tableView
    result.duplicates = random.below(4) == 0 ? .asUIKit : .reject
    if random.below(4) == 0 { result.identityOnly = true }
    return result
  }

  /// A valid batch: each old section deleted or kept with row deletes,
  /// reloads (a changed content) and inserts, and new sections inserted.
  static func batch(using random: inout SplitMix64, from old: [[Row]]? = nil) -> (
    testCase: Case, new: [[Row]]
  ) {
    var nextID = 1_000 * (1 + random.below(100))
    func fresh() -> Row {
      nextID += 1
      return Row(.int(nextID))
    }
    let old =
      old ?? (0..<random.below(4)).map { _ in (0..<random.below(6)).map { _ in fresh() } }
    var update = BatchUpdate()
    var new: [[Row]] = []
    for (section, rows) in old.enumerated() {
      if random.below(5) == 0 {
        update.deleteSections.append(section)
        continue
      }
      let newSection = new.count
      // Each kept row, and whether it is inserted (a fresh id may repeat
      // one of `old`'s when `old` comes from an earlier batch).
      var kept: [(row: Row, isInserted: Bool)] = []
      for (index, row) in rows.enumerated() {
        switch random.below(6) {
        case 0:
          update.deleteRows.append(RowPath(section, index))
        case 1:
          update.reloadRows.append(RowPath(section, index))
          kept.append((Row(id: row.id, content: .int(nextID)), false))
          nextID += 1
        default:
          kept.append((row, false))
        }
      }
      for _ in 0..<random.below(3) {
        kept.insert((fresh(), true), at: random.below(kept.count + 1))
      }
      // Inserts are new-space paths: wherever a fresh row landed.
      for (index, entry) in kept.enumerated() where entry.isInserted {
        update.insertRows.append(RowPath(newSection, index))
      }
      new.append(kept.map(\.row))
    }
    for _ in 0..<random.below(2) {
      let at = random.below(new.count + 1)
      new.insert((0..<random.below(3)).map { _ in fresh() }, at: at)
      // Inserts already placed at or after `at` now point one section further.
      update.insertRows = update.insertRows.map {
        $0.section >= at ? RowPath($0.section + 1, $0.row) : $0
      }
      update.insertSections = update.insertSections.map { $0 >= at ? $0 + 1 : $0 } + [at]
    }
    return (Case(old: old, new: new, update: update), new)
  }

  /// A staged case of one or two valid stages.
  static func staged(using random: inout SplitMix64) -> Case {
    let first = batch(using: &random)
    var stages = [Stage(update: first.testCase.update ?? BatchUpdate(), data: first.new)]
    var new = first.new
    if random.below(2) == 0 {
      let second = batch(using: &random, from: first.new)
      stages.append(Stage(update: second.testCase.update ?? BatchUpdate(), data: second.new))
      new = second.new
    }
    var result = Case(old: first.testCase.old, new: new)
    result.stages = stages
    return result
  }

  /// A steps case of valid steps: inserts, deletes, moves (across
  /// sections too) and updates, and section inserts, deletes and moves.
  static func steps(using random: inout SplitMix64) -> Case {
    let old = (0..<(1 + random.below(3))).map { section in
      (0..<random.below(6)).map { Row(.int(100 * section + $0)) }
    }
    var data = old
    var steps: [Step] = []
    for index in 0..<random.below(6) {
      let section = random.below(data.count)
      let count = data[section].count
      let row = Row(id: .int(10_000 + index), content: .int(index))
      let step: Step
      let other = random.below(data.count)
      switch random.below(7) {
      case 0 where count > 0: step = .delete(at: RowPath(section, random.below(count)))
      case 1 where count > 0:
        let room = data[other].count + (other == section ? 0 : 1)
        step = .move(
          from: RowPath(section, random.below(count)), to: RowPath(other, random.below(room)))
      case 2 where count > 0: step = .update(at: RowPath(section, random.below(count)), row: row)
      case 3: step = .insertSection(at: random.below(data.count + 1), rows: [row])
      case 4 where data.count > 1: step = .deleteSection(at: section)
      case 5: step = .moveSection(from: section, to: other)
      default: step = .insert(at: RowPath(section, random.below(count + 1)), row: row)
      }
      data = step.applied(to: data) ?? data
      steps.append(step)
    }
    var result = Case(old: old, new: data)
    result.steps = steps
    return result
  }
}
