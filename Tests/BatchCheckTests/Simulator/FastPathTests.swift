import Testing

@testable import BatchCheck

/// The single-section fast path against the full simulation.
@Suite("Fast path")
struct FastPathTests {
  @Test(
    "the fast path is sound, and complete without duplicates, on random single-section updates with every row on screen or some (100,000 at the full scale)",
    arguments: UIKitProfile.allCases)
  func agreesWithFullSimulation(uikit: UIKitProfile) {
    var random = SplitMix64(seed: 0xFA57)
    var valid = 0
    var validInWindow = 0
    for trial in 0..<TestScale.trials(100_000) {
      func below(_ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }
      let oldCount = below(6)
      let old = [(0..<oldCount).map { Row(id: .int($0), content: .int(below(2))) }]
      // A new section from old by deleting, inserting and reordering a little.
      var survivors = old[0].filter { _ in below(4) != 0 }
      for _ in 0..<below(3) {
        survivors.insert(Row(id: .int(100 + below(3)), content: 0), at: below(survivors.count + 1))
      }
      if below(3) == 0, survivors.count > 1 { survivors.swapAt(0, survivors.count - 1) }
      let new = [survivors]
      func path(_ count: Int) -> RowPath {
        RowPath(section: below(8) == 0 ? 1 : 0, row: below(count + 1))
      }
      func list<T>(_ make: () -> T) -> [T] { (0..<below(3)).map { _ in make() } }
      var update = BatchUpdate(
        deleteRows: list { path(oldCount) }, insertRows: list { path(survivors.count) },
        reloadRows: list { path(oldCount) },
        moveRows: list { RowMove(from: path(oldCount), to: path(survivors.count)) })
      if below(2) == 0 {
        // Often valid: replace every row, then perhaps break it a little.
        update = BatchUpdate(
          deleteRows: (0..<oldCount).map { RowPath(0, $0) }.shuffled(using: &random),
          insertRows: survivors.indices.map { RowPath(0, $0) })
        if below(2) == 0, !update.deleteRows.isEmpty { update.deleteRows.removeLast() }
      }
      // Every row on screen, none, or a run of them (in range or past the end).
      let window: VisibleRows =
        switch below(4) {
        case 0: .none
        case 1:
          .range(
            first: RowPath(0, below(oldCount + 1)), last: RowPath(below(6) == 0 ? 1 : 0, below(7)))
        default: .all
        }
      let table = SimulatedTableView(
        old, options: SimulationOptions(uikit: uikit, visibleRows: window))
      var counter = OperationCounter()
      let fast = table.fastValid(update, dataSource: new, counter: &counter)
      let full = table.simulate(update, dataSource: new, counter: &counter)
      #expect(fast == nil || fast == .valid)
      // Sound: never valid when the full simulation is not. Complete for
      // updates without duplicates (the fast path leaves those to the full one).
      let lists = [
        update.deleteRows, update.insertRows, update.reloadRows, update.moveRows.map(\.from),
        update.moveRows.map(\.to),
      ]
      // iOS 18 drops a reload of a row that has no cell (D7); the fast path
      // drops those off screen too, and leaves those past the rows to the
      // full simulation.
      let reloadsDropped =
        uikit == .ios18
        && update.reloadRows.contains {
          ($0.section != 0 || $0.row >= oldCount) && window.contains($0)
        }
      let plain = lists.allSatisfy { Set($0).count == $0.count } && !reloadsDropped
      let agrees = fast == .valid ? full.isValid : !(plain && full.isValid)
      #expect(
        agrees, "trial \(trial): old \(old) new \(new) \(update) window \(window): full \(full)")
      if !agrees { return }
      if full.isValid { valid += 1 }
      if full.isValid, window != .all { validInWindow += 1 }
    }
    #expect(valid > 1_000, "only \(valid) valid updates: the comparison says little")
    #expect(validInWindow > 300, "only \(validInWindow) valid updates with rows off screen")
  }
}

extension FastPathTests {
  @Test(
    "the benchmark's worst cases: valid through the fast path and the full simulation, the twin fails R2",
    arguments: WorstCase.allCases)
  func worstCases(_ family: WorstCase) {
    for uikit in UIKitProfile.allCases {
      let made = family.make(rows: 3_000, operations: 300)
      let options = SimulationOptions(uikit: uikit)
      let flat = SimulatedTableView(made.flat.old, options: options)
      let table = SimulatedTableView(made.old, options: options)
      var counter = OperationCounter()
      #expect(
        flat.fastValid(made.flat.update, dataSource: made.flat.new, counter: &counter) == .valid)
      #expect(
        flat.simulate(made.flat.update, dataSource: made.flat.new, counter: &counter) == .valid)
      #expect(
        table.simulate(made.update, dataSource: made.new, counter: &counter) == .valid,
        "\(family), \(uikit)")
      let twin = table.performBatchUpdates(made.invalid, dataSource: made.new)
      #expect(twin.rule == .r2, "\(family), \(uikit): \(twin)")
      #expect(made.invalid.operationCount == made.update.operationCount - 1)
    }
  }
}
