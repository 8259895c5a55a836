import Testing

@testable import BatchCheck

/// The shortcuts that keep an invalid batch as cheap to judge as a valid
/// one: steps whose counts cannot add up are not applied, and UIKit's R2b
/// text writes only the update items it lists.
@Suite struct ContractShortcutTests {
  /// A random small case: up to 2 sections of up to 4 rows of 3 ids each side.
  static func table(_ random: inout SplitMix64) -> [[Row]] {
    (0..<Int(random.next() % 3)).map { _ in
      (0..<Int(random.next() % 5)).map { _ in Row(.int(Int(random.next() % 3))) }
    }
  }

  /// A path in or near range of `data`, sometimes out of it.
  static func path(_ random: inout SplitMix64, _ data: [[Row]]) -> RowPath {
    RowPath(Int(random.next() % UInt64(data.count + 1)), Int(random.next() % 6))
  }

  /// A random batch update between `old` and `new`: row operations mostly,
  /// section operations now and then.
  static func update(_ random: inout SplitMix64, old: [[Row]], new: [[Row]]) -> BatchUpdate {
    var update = BatchUpdate()
    for _ in 0..<Int(random.next() % 6) {
      switch random.next() % 9 {
      case 0: update.deleteRows.append(path(&random, old))
      case 1: update.insertRows.append(path(&random, new))
      case 2: update.reloadRows.append(path(&random, old))
      case 3: update.reconfigureRows.append(path(&random, old))
      case 4: update.deleteSections.append(Int(random.next() % 3))
      case 5: update.insertSections.append(Int(random.next() % 3))
      case 6: update.moveSections.append(SectionMove(from: 0, to: Int(random.next() % 2)))
      default: update.moveRows.append(RowMove(from: path(&random, old), to: path(&random, new)))
      }
    }
    return update
  }

  @Test func stepsThatCannotAddUpAreInvalidAndTheBatchCountAgreesWithTheSteps() {
    var random = SplitMix64(seed: 31)
    var skipped = 0
    var reached = 0
    for _ in 0..<20_000 {
      let old = Self.table(&random)
      let new = Self.table(&random)
      let update = Self.update(&random, old: old, new: new)
      let mayReach = ContractValidator.stepsMayReach(new, from: old, update: update)
      guard let read = ContractChanges.batch(update).read(as: .steps, old: old, new: new),
        case .steps(let steps) = read
      else { continue }
      // Counted from the update or from its steps: the same answer.
      #expect(mayReach == ContractValidator.stepsMayReach(new, from: old, steps: steps))
      let verdict = ContractValidator.validateSteps(old: old, steps: steps, new: new)
      if !mayReach {
        skipped += 1
        #expect(!verdict.isValid, "\(old) \(steps) \(new)")
      } else if verdict.isValid {
        reached += 1
      }
    }
    #expect(skipped > 1_000 && reached > 100)
  }

  /// Steps of one kind at a time, applied to `old` in order: deletes, then
  /// inserts, then moves, in range of the data as each finds it. As one
  /// batch they are often invalid, and valid as steps.
  static func stepwise(_ random: inout SplitMix64, old: [[Row]]) -> (BatchUpdate, [[Row]]) {
    var data = old
    var update = BatchUpdate()
    for kind in 0..<3 {
      for _ in 0..<Int(random.next() % 3) {
        guard let section = data.indices.randomElement(using: &random) else { break }
        let count = data[section].count
        switch kind {
        case 0 where count > 0:
          let row = Int(random.next() % UInt64(count))
          data[section].remove(at: row)
          update.deleteRows.append(RowPath(section, row))
        case 1:
          let row = Int(random.next() % UInt64(count + 1))
          data[section].insert(Row(.int(9)), at: row)
          update.insertRows.append(RowPath(section, row))
        case 2 where count > 0:
          let (from, to) = (Int(random.next() % UInt64(count)), Int(random.next() % UInt64(count)))
          data[section].insert(data[section].remove(at: from), at: to)
          update.moveRows.append(RowMove(from: RowPath(section, from), to: RowPath(section, to)))
        default: break
        }
      }
    }
    return (update, data)
  }

  @Test func theAdviceIsTheSameWithTheShortcut() {
    var random = SplitMix64(seed: 32)
    var advised = 0
    for index in 0..<20_000 {
      let old = Self.table(&random)
      var new = Self.table(&random)
      var update = Self.update(&random, old: old, new: new)
      if index % 2 == 0 { (update, new) = Self.stepwise(&random, old: old) }
      let changes = ContractChanges.batch(update)
      let result = ContractValidator.validate(changes, old: old, new: new)
      // The advice found the long way: every reading judged in full.
      var expected: Contract?
      if !result.isValid,
        let read = changes.read(as: .steps, old: old, new: new),
        ContractValidator.judge(read, old: old, new: new).isValid
      {
        expected = .steps
      }
      #expect(result.validUnder == expected, "\(old) \(changes) \(new)")
      if expected != nil { advised += 1 }
    }
    #expect(advised > 500)
  }

  @Test func r2bListsTheFirstItemsAndCountsTheRestAsWhenEveryItemIsWritten() {
    let old = [(0..<1_500).map { Row(.int($0)) }]
    let new = [(0..<1_299).map { Row(.int($0)) }]
    let deletes = (0..<600).map { RowPath(0, $0 * 2) }
    let moves = (0..<300).map { RowMove(from: RowPath(0, $0 * 2 + 1), to: RowPath(0, $0)) }
    let inserts = (0..<400).map { RowPath(0, 400 + $0) }
    let update = BatchUpdate(deleteRows: deletes, insertRows: inserts, moveRows: moves)
    let verdict = SimulatedTableView(old, options: SimulationOptions(uikit: .ios18))
      .performBatchUpdates(update, dataSource: new)
    #expect(verdict.rule == .r2b)
    let messages = UIKitMessages(.tableView, uikit: .ios18)
    let items =
      deletes.sorted(by: >).map { messages.updateItem("Delete", $0) }
      + moves.map { messages.moveItem($0.from, $0.to, isSection: false) }
      + inserts.sorted().map { messages.updateItem("Insert", $0) }
    let expected = messages.invalidBatchUpdates(
      before: [1_500], beforeSections: 1, after: [1_299], afterSections: 1, updates: items)
    #expect(verdict.message == expected)
    #expect(expected.contains("\t… \(items.count - UIKitMessages.listLimit) more"))
  }
}
