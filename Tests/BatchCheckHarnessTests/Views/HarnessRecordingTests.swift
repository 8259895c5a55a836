import BatchCheck
import BatchCheckHarness
import Foundation
import Testing

/// Drives a harness view with random calls: model changes, the nine
/// mutation calls (indexes in and out of range), blocks nested or not,
/// reloads, layout, count reads, turns, geometry and window changes.
@MainActor
private struct RandomDriver {
  var random: SplitMix64
  var model: [[Row]]
  var completions = 0

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
    model = GeneratedCase.make(seed: seed, maxSize: 6, sections: true).old
  }

  mutating func newModel() {
    model = GeneratedCase.make(seed: random.next(), maxSize: 6, sections: true).new
  }

  mutating func path() -> IndexPath {
    IndexPath(row: random.below(5) - 1, section: random.below(3))
  }

  mutating func sections() -> IndexSet { IndexSet([random.below(3)]) }

  /// One random mutation call on a table, its arguments drawn now (the
  /// call reads the model, so it cannot run inside this mutating access).
  mutating func tableMutation() -> (HarnessTableView) -> Void {
    let (choice, a, b, s, from, to) = (
      random.below(9), path(), path(), sections(), random.below(3), random.below(3)
    )
    return { table in
      switch choice {
      case 0: table.insertRows(at: [a], with: .automatic)
      case 1: table.deleteRows(at: [a, b], with: .fade)
      case 2: table.reloadRows(at: [a], with: .none)
      case 3: table.moveRow(at: a, to: b)
      case 4: table.reconfigureRows(at: [a])
      case 5: table.insertSections(s, with: .automatic)
      case 6: table.deleteSections(s, with: .automatic)
      case 7: table.reloadSections(s, with: .automatic)
      default: table.moveSection(from, toSection: to)
      }
    }
  }

  /// One random mutation call on a collection view, its arguments drawn now.
  mutating func gridMutation() -> (HarnessCollectionView) -> Void {
    let (choice, a, b, s, from, to) = (
      random.below(9), path(), path(), sections(), random.below(3), random.below(3)
    )
    return { grid in
      switch choice {
      case 0: grid.insertItems(at: [a])
      case 1: grid.deleteItems(at: [a, b])
      case 2: grid.reloadItems(at: [a])
      case 3: grid.moveItem(at: a, to: b)
      case 4: grid.reconfigureItems(at: [a])
      case 5: grid.insertSections(s)
      case 6: grid.deleteSections(s)
      case 7: grid.reloadSections(s)
      default: grid.moveSection(from, toSection: to)
      }
    }
  }
}

/// Reads the driver's model through a reference, as a live data source does.
@MainActor private final class Box {
  var driver: RandomDriver
  init(_ driver: RandomDriver) { self.driver = driver }
}

@MainActor
@Suite("Harness recording: the script of a live run replays to the same report")
struct HarnessRecordingTests {
  static func options(_ random: inout SplitMix64) -> HarnessOptions {
    let uikit: UIKitProfile = random.below(3) == 0 ? .ios12 : .ios18
    return HarnessOptions(
      uikit: uikit, sdk: random.below(4) == 0 ? .old : .modern,
      source: uikit == .ios18 && random.below(6) == 0 ? .diffable : .plain)
  }

  /// Runs `count` random calls on a table: mutations are made with no
  /// block, in `performBatchUpdates` (nested at times) or in
  /// `beginUpdates`/`endUpdates`, some of them unbalanced.
  fileprivate static func drive(_ table: HarnessTableView, _ box: Box, count: Int, depth: Int = 0) {
    for _ in 0..<count {
      switch box.driver.random.below(12) {
      case 0, 1: box.driver.newModel()
      case 2, 3: box.driver.tableMutation()(table)
      case 4:
        table.performBatchUpdates(
          {
            if depth < 2 { drive(table, box, count: 3, depth: depth + 1) }
          }, completion: { _ in box.driver.completions += 1 })
      case 5: table.beginUpdates()
      case 6: table.endUpdates()
      case 7: table.reloadData()
      case 8: table.layoutIfNeeded()
      case 9: _ = table.numberOfRows(inSection: box.driver.random.below(3)) + table.numberOfSections
      case 10: depth == 0 ? table.drain() : table.simulateGeometryChange()
      default: table.setInWindow(box.driver.random.below(2) == 0)
      }
    }
  }

  /// The collection view's twin of `drive`.
  fileprivate static func drive(
    _ grid: HarnessCollectionView, _ box: Box, count: Int, depth: Int = 0
  ) {
    for _ in 0..<count {
      switch box.driver.random.below(10) {
      case 0, 1: box.driver.newModel()
      case 2, 3: box.driver.gridMutation()(grid)
      case 4:
        grid.performBatchUpdates {
          if depth < 2 { drive(grid, box, count: 3, depth: depth + 1) }
        }
      case 5: grid.reloadData()
      case 6: grid.layoutIfNeeded()
      case 7: _ = grid.numberOfItems(inSection: box.driver.random.below(3)) + grid.numberOfSections
      case 8: depth == 0 ? grid.drain() : grid.simulateGeometryChange()
      default: grid.setInWindow(box.driver.random.below(2) == 0)
      }
    }
  }

  @Test("tables: 300 random runs, each script replays to an identical report")
  func tables() {
    var verdicts = Set<AdapterVerdictKind>()
    for index in 0..<300 {
      var random = SplitMix64(seed: SplitMix64.caseSeed(run: 29, index: index))
      let options = Self.options(&random)
      let start = HarnessStart.allCases[random.below(4)]
      let box = Box(RandomDriver(seed: random.next()))
      let table = HarnessTableView(start: start, options: options) { box.driver.model }
      Self.drive(table, box, count: 12)
      let report = table.report
      verdicts.formUnion(report.outcomes.map(\.kind))
      #expect(table.script.run() == report, "run \(index): \(table.caseLine())")
    }
    // The runs reach every kind of outcome a table can have here.
    #expect(verdicts.isSuperset(of: [.valid, .exception, .skipped, .fallback]))
  }

  @Test("collection views: 300 random runs, each script replays to an identical report")
  func collectionViews() {
    var causes = Set<AdapterCause>()
    for index in 0..<300 {
      var random = SplitMix64(seed: SplitMix64.caseSeed(run: 30, index: index))
      let options = Self.options(&random)
      let start = HarnessStart.allCases[random.below(4)]
      let box = Box(RandomDriver(seed: random.next()))
      let grid = HarnessCollectionView(start: start, options: options) { box.driver.model }
      Self.drive(grid, box, count: 12)
      let report = grid.report
      causes.formUnion(report.outcomes.compactMap(\.cause))
      #expect(grid.script.run() == report, "run \(index): \(grid.caseLine())")
    }
    // The runs reach causes of the model not moving, of a reload in a
    // block and of a view out of its window.
    #expect(causes.isSuperset(of: [.a4, .a6, .a8]))
  }
}
