import BatchCheck
import BatchCheckHarness
import Foundation
import Testing

/// A data source object whose rows the test changes in place.
private final class Feed: TableDataSource {
  var sections: [[Row]]
  init(_ sections: [[Row]]) { self.sections = sections }
  var numberOfSections: Int { sections.count }
  func numberOfRows(inSection section: Int) -> Int { sections[section].count }
  func row(at path: RowPath) -> Row { sections[path.section][path.row] }
}

@MainActor
@Suite("Harness views: counts, completions, death, live sources")
struct HarnessViewTests {
  @Test("a never-loaded table loads on a count read and answers UIKit's cached counts")
  func countsLoad() {
    var model = rows("ab", "c")
    let table = HarnessTableView(start: .neverLoaded) { model }
    #expect(table.report.reads.isEmpty)
    #expect(table.numberOfSections == 2)
    model = rows("abc", "c", "")
    // The cache holds what the first read took; nothing reads again.
    #expect(table.numberOfRows(inSection: 0) == 2 && table.numberOfRows(inSection: 9) == 0)
    #expect(table.report.reads.map(\.by) == [.count])
    #expect(table.report.basis == .inferred)
  }

  @Test("completions run at the next drain with true, outer before nested, none once dead")
  func completions() {
    var model = rows("a")
    let grid = HarnessCollectionView { model }
    var order: [String] = []
    grid.performBatchUpdates {
      grid.performBatchUpdates(nil) { order.append("inner \($0)") }
      model = rows("ab")
      grid.insertItems(at: [IndexPath(item: 1, section: 0)])
    } completion: {
      order.append("outer \($0)")
    }
    #expect(order.isEmpty && grid.pendingCompletions == 2)
    grid.drain()
    #expect(order == ["outer true", "inner true"])
    #expect(grid.report.outcomes.map(\.kind) == [.valid])

    grid.performBatchUpdates {
      grid.deleteItems(at: [IndexPath(item: 0, section: 0)])
    } completion: {
      order.append("crashed \($0)")
    }
    grid.drain()
    #expect(order.count == 2)
    #expect(grid.report.outcomes.map(\.kind) == [.valid, .exception])
  }

  @Test("an exception ends the view: later calls are recorded, not applied")
  func deadView() {
    var model = rows("ab")
    let table = HarnessTableView { model }
    table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    model = rows("b")
    table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    table.reloadData()
    let report = table.report
    #expect(report.outcomes.count == 1)
    #expect(report.cause == .a4)
    #expect(report.steps.count == 4, "\(report.steps)")
    #expect(report.reads.map(\.by) == [.batchEnd])
    #expect(table.numberOfRows(inSection: 0) == 2)
  }

  @Test("a collection view's reload is lazy: the next batch start absorbs the model (H3, A2)")
  func lazyReload() {
    var model = rows("ab")
    let grid = HarnessCollectionView { model }
    grid.reloadData()
    model = rows("abc")
    grid.performBatchUpdates { grid.insertItems(at: [IndexPath(item: 2, section: 0)]) }
    let expected = Expected(
      verdict: .exception, rule: .r2b, cause: .a2, step: [2],
      message:
        "Data source before updates = { 1 section with item counts: [3] } Data source after updates = { 1 section with item counts: [3] } Updates = [ Insert item (0 - 2) ]"
    )
    #expect(expected.mismatches(grid.report).isEmpty, "\(grid.report.outcomes)")
    #expect(
      grid.caseLine(name: "H3")
        == #"{"name":"H3","contract":"adapter","semantics":"collectionView","uikit":"ios18","start":{"loaded":true,"inWindow":true,"laidOut":true,"rows":[["a","b"]]},"script":[{"call":"reloadData"},{"dataSource":[["a","b","c"]]},{"call":"performBatchUpdates","steps":[{"call":"insertRows","at":[[0,2]]}]}],"expect":{"verdict":"exception","rule":"R2b","cause":"A2","step":[2],"basis":"settled"}}"#
    )
  }

  @Test("a data source object is copied at each peek; window, geometry and options are followed")
  func dataSourceObject() {
    let feed = Feed(rows("ab"))
    let table = HarnessTableView(
      start: .notInWindow, options: HarnessOptions(uikit: .ios12), dataSource: feed)
    feed.sections[0].append(Row("c"))
    table.setInWindow(true)
    #expect(table.window != nil)
    table.simulateGeometryChange()
    #expect(table.numberOfRows(inSection: 0) == 3)
    #expect(table.script.options.uikit == .ios12)
    #expect(
      table.script.steps == [
        .dataSource(rows("abc")), .inWindow(true), .geometryChange, .numberOfRows(section: 0),
      ])
    #expect(table.report.reads.map(\.by) == [.geometry])
  }

  @Test("a drain inside a performBatchUpdates block is not a turn: nothing is recorded")
  func drainInsideBlock() {
    var model = rows("a")
    let table = HarnessTableView { model }
    table.performBatchUpdates {
      table.drain()
      model = rows("ab")
      table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
    }
    #expect(
      table.script.steps == [
        .performBatchUpdates([.dataSource(rows("ab")), .mutation(.insertRows([RowPath(0, 1)]))])
      ])
    #expect(table.report.verdict == .valid)
  }
}
