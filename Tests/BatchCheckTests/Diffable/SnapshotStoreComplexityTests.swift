import Testing

@testable import BatchCheck

/// The store's complexity, proved by counting its steps (ids placed and
/// removed, tree nodes visited, table slots probed, entries moved), never
/// by timing.
@Suite("SnapshotStore complexity")
struct SnapshotStoreComplexityTests {
  /// A flat store of `sections` sections of `perSection` items, ids
  /// 0..<sections and 0..<sections * perSection, built as a builder does.
  private func builtStore(sections: Int, perSection: Int) -> SnapshotStore<Int, Int> {
    var store = SnapshotStore<Int, Int>()
    store.insertSections(Array(0..<sections), at: 0)
    for section in 0..<sections {
      store.appendItems(Array(section * perSection..<(section + 1) * perSection), section: section)
    }
    return store
  }

  @Test("appends at the global end cost O(1) amortised per id and keep the store flat")
  func appends() {
    let items = 400_000
    let store = builtStore(sections: 2_000, perSection: items / 2_000)
    #expect(store.isFlat)
    #expect(store.itemCount == items)
    // Per id: placed (1), its table probe (about 1.5 at half load), and its
    // share of the table's doublings (about 1.5 more).
    #expect(store.operationCount <= 8 * (items + 2_000), "\(store.operationCount) steps")
  }

  @Test("a builder's appendItems on a SimulatedSnapshot stays flat at O(1) per id")
  func snapshotBuilder() {
    var snapshot = SimulatedSnapshot<Int, Int>()
    snapshot.appendSections(Array(0..<100))
    // Some sections stay empty: appending after them is still at the end.
    for section in stride(from: 0, to: 100, by: 2) {
      snapshot.appendItems(Array(section * 1_000..<(section + 1) * 1_000), toSection: section)
    }
    snapshot.appendItems([-1, -2])
    #expect(snapshot.exception == nil)
    #expect(snapshot.store.isFlat)
    #expect(snapshot.numberOfItems == 50_002)
    #expect(snapshot.store.operationCount <= 8 * 50_102, "\(snapshot.store.operationCount) steps")
    #expect(snapshot.indexOfItem(-2) == 50_001)
  }

  @Test("10,000 middle inserts, moves and deletes at 100,000 items cost O(log n) each")
  func middleCalls() {
    let n = 100_000
    var store = builtStore(sections: 100, perSection: n / 100)
    var live = Array(0..<n)
    var random = SplitMix64(seed: 0xC0_57)
    // The first call off the end builds the trees: O(n) once.
    let flatSteps = store.operationCount
    store.insertItems([-1], section: 50, offset: 10)
    live.append(-1)
    let buildSteps = store.operationCount - flatSteps
    #expect(!store.isFlat)
    #expect(buildSteps <= 4 * n, "building the trees: \(buildSteps) steps")

    let calls = 10_000
    var named = 0
    var next = n
    let before = store.operationCount
    for _ in 0..<calls {
      named += middleCall(on: &store, live: &live, next: &next, random: &random)
    }
    let steps = store.operationCount - before
    let log = n.bitWidth - n.leadingZeroBitCount  // 17: log2 n, rounded up
    let bound = 12 * named * log
    #expect(steps <= bound, "\(steps) steps for \(named) ids; bound \(bound)")
    // A linear store would take n steps per call: 10^9.
    #expect(store.itemCount == live.count)
    #expect(store.items.count == live.count)
  }

  /// One random call off the end of the store: an insert into a section's
  /// middle, an anchored insert, an item move (delete, then insert after an
  /// anchor, as `moveItem` does), a delete or a section move. Returns how
  /// many ids it names.
  private func middleCall(
    on store: inout SnapshotStore<Int, Int>, live: inout [Int], next: inout Int,
    random: inout SplitMix64
  ) -> Int {
    func pick() -> Int { live[Int.random(in: 0..<live.count, using: &random)] }
    switch Int.random(in: 0..<5, using: &random) {
    case 0:
      let sections = store.sections
      let section = Int.random(in: 0..<sections.count, using: &random)
      let size = store.itemCount(inSection: sections[section]) ?? 0
      next += 1
      store.insertItems([-next], section: section, offset: Int.random(in: 0...size, using: &random))
      live.append(-next)
      return 1
    case 1:
      next += 2
      store.insertItems([-next, -next + 1], .before(pick()))
      live += [-next, -next + 1]
      return 3
    case 2:
      let item = pick()
      var anchor = pick()
      while anchor == item { anchor = pick() }
      store.removeItems([item])
      store.insertItems([item], .after(anchor))
      return 2
    case 3:
      let index = Int.random(in: 0..<live.count, using: &random)
      store.removeItems([live[index]])
      live.swapAt(index, live.count - 1)
      live.removeLast()
      return 1
    default:
      let sections = store.sections
      let section = sections[Int.random(in: 0..<sections.count, using: &random)]
      var anchor = sections[Int.random(in: 0..<sections.count, using: &random)]
      while anchor == section {
        anchor = sections[Int.random(in: 0..<sections.count, using: &random)]
      }
      store.moveSection(section, .after(anchor))
      return 2
    }
  }
}
