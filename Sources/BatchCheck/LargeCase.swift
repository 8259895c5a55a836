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
